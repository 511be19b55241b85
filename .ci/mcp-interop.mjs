// Drives `bin/gather mcp` with the official TypeScript MCP SDK client: a client written by others
// must see gather's tools and get tool errors (not protocol errors) for bad calls.
// Usage: node .ci/mcp-interop.mjs <path to bin/gather>   (the SDK is resolved from NODE_PATH)
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const gather = process.argv[2];
const requireGathering = process.env.MCP_INTEROP_REQUIRE_GATHERING === "1";
const expected = ["start_gathering", "send_message", "list_rhythms", "gathering_status", "end_gathering",
  "list_members", "pass_piece", "join", "hear", "say", "who", "leave"];

function fail(message) {
  console.error(`mcp-interop: FAIL: ${message}`);
  process.exit(1);
}

const env = { ...process.env };
delete env.TMUX_PANE;
delete env.TMUX;
const transport = new StdioClientTransport({ command: gather, args: ["mcp"], env, stderr: "inherit" });
const client = new Client({ name: "gather-interop", version: "1" });
await client.connect(transport);

const { tools } = await client.listTools();
const names = tools.map((t) => t.name);
if (JSON.stringify(names) !== JSON.stringify(expected)) fail(`tools/list gave ${names.join(", ")}`);
for (const t of tools) {
  if (t.inputSchema?.type !== "object" || !t.description) fail(`${t.name} lacks a description or an object schema`);
}
console.log(`mcp-interop: tools/list ok (${names.join(", ")})`);

const bad = await client.callTool({ name: "send_message", arguments: {} });
if (!bad.isError || !bad.content?.[0]?.text?.startsWith("send_message: 'to' is required")) {
  fail(`a bad call should be a tool error, got ${JSON.stringify(bad)}`);
}
console.log("mcp-interop: tool error for a bad call ok");

const started = await client.callTool({
  name: "start_gathering",
  arguments: { rhythm: "daily", question: "Is the interop test green?",
    participants: [{ name: "Ada", agent: "sim" }, { name: "Bo", agent: "sim" }, { name: "Hal", role: "harvester", agent: "sim" }] },
});
const startText = started.content?.[0]?.text ?? "";
if (started.isError && startText.includes("does not offer")) {
  if (requireGathering) fail(`start_gathering: ${startText}`);
  console.log(`mcp-interop: start_gathering not offered by this daemon yet: ${startText}`);
} else if (started.isError) {
  fail(`start_gathering: ${startText}`);
} else {
  const id = started.structuredContent?.gathering_id;
  if (!id) fail(`start_gathering returned no gathering_id: ${JSON.stringify(started)}`);
  const status = await client.callTool({ name: "gathering_status", arguments: { gathering: id } });
  if (status.isError) fail(`gathering_status: ${status.content?.[0]?.text}`);
  const ended = await client.callTool({ name: "end_gathering", arguments: { gathering: id } });
  if (ended.isError) fail(`end_gathering: ${ended.content?.[0]?.text}`);
  console.log(`mcp-interop: gathering ${id} of simulated agents started, seen and ended`);
}
await client.close();
console.log("mcp-interop: ok");
