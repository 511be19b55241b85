/**
 * The real harnesses run offline: fake model endpoints on loopback (Anthropic, OpenAI Responses,
 * Gemini) and private homes that point Claude Code, Codex CLI and Gemini CLI at them; a private Redis for
 * two computers' tests ({@link dev.gather.harness.LocalRedis}). The benchmarks
 * measure with them and the live tests ({@code src/test/…/harness}) script them; nothing here is used
 * by gather itself.
 */
package dev.gather.harness;
