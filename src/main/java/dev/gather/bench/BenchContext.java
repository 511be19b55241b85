package dev.gather.bench;

import java.nio.file.Path;

/** What a benchmark may use: a scratch directory of its own and whether to keep it short. */
public record BenchContext(Path scratch, boolean quick) {}
