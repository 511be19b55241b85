package dev.gather.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** npm-installed harnesses show pane_current_command=node; their process tree's command lines name them. */
class RecogniseByArgvTest {
    private static final Profiles SHIPPED = Profiles.shipped();

    private static Optional<String> recognise(String command, String... cmdlines) {
        return SHIPPED.recognise(command, () -> List.of(cmdlines)).map(Profile::name);
    }

    @Test
    void codexUnderNodeIsCodex() {
        // the pane's process tree as Codex 0.169 from npm runs it (node launcher, native child)
        assertEquals(
                Optional.of("codex"),
                recognise(
                        "node",
                        "node /home/u/.cache/gather/harnesses/401e/node_modules/.bin/codex",
                        "/home/u/.cache/gather/harnesses/401e/node_modules/@openai/codex-linux-x64/vendor/"
                                + "x86_64-unknown-linux-musl/bin/codex"));
    }

    @Test
    void geminiUnderNodeIsGemini() {
        assertEquals(
                Optional.of("gemini"),
                recognise(
                        "node",
                        "node --no-warnings=DEP0040 /usr/local/bin/gemini",
                        "/usr/bin/node --max-old-space-size=4096 /usr/lib/node_modules/@google/gemini-cli/bundle/gemini.js"));
    }

    @Test
    void anyOtherNodeProgramIsNotAHarness() {
        assertEquals(Optional.empty(), recognise("node", "node server.js", "node /srv/codex-notes/index.js"));
    }

    @Test
    void theCommandNameWinsWithoutReadingProcesses() {
        assertEquals(
                Optional.of("claude"),
                SHIPPED.recognise("claude", () -> {
                            throw new AssertionError("process tree read although the command named the harness");
                        })
                        .map(Profile::name));
    }
}
