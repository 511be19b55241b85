package dev.gather.turn;

import dev.gather.home.Homes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The parser for each harness whose hook events gather understands. */
public final class HookParsers {
    /** Harness names {@code gather hook} accepts. */
    public static final Set<String> HARNESSES = Set.of("claude", "codex", "gemini", "sim");

    private final Map<String, HookParser> byHarness;

    private HookParsers(Map<String, HookParser> byHarness) {
        this.byHarness = Map.copyOf(byHarness);
    }

    /** Parsers for this user; Claude transcripts are only read under Claude's config directory ({@link Homes#claude}). */
    public static HookParsers forUser(Homes homes) {
        return withClaudeRoots(List.of(homes.claude()));
    }

    /** Parsers that read Claude transcripts only under the given directories. */
    public static HookParsers withClaudeRoots(List<Path> claudeRoots) {
        return new HookParsers(Map.of(
                "claude", new ClaudeStopParser(claudeRoots),
                "codex", new CodexNotifyParser(),
                "gemini", new GeminiAfterAgentParser(),
                "sim", new SimParser()));
    }

    /** The turn output one event carries, unfiltered; one written on behalf of its pane says so. */
    public TurnOutput parse(HookEvent event) throws HookRejected {
        HookParser parser = Optional.ofNullable(byHarness.get(event.harness()))
                .orElseThrow(() -> new HookRejected("unknown harness '" + event.harness() + "' (known: "
                        + String.join(", ", HARNESSES.stream().sorted().toList()) + ")"));
        Optional<String> onBehalf = event.origin() instanceof HookEvent.Origin.OnBehalf
                ? Optional.of("a hook event written outside every pane")
                : Optional.empty();
        HookParser.Finished finished = parser.finished(event.payload());
        return new TurnOutput(event.pane(), event.harness(), finished.text(), event.time(), onBehalf, finished.turn());
    }
}
