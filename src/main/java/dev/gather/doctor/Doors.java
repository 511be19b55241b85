package dev.gather.doctor;

import java.nio.file.Path;
import java.util.List;

/** Which way in a harness offers gather, as doctor can tell from outside it. */
final class Doors {
    private Doors() {}

    static String of(String harness, Path exe, Programs programs) {
        return switch (harness) {
            case "codex" -> programs.output(List.of(exe.toString(), "queue", "--help"))
                            .isPresent()
                    ? "door: codex queue"
                    : "door: keystrokes (this Codex has no 'codex queue')";
            case "claude" -> "door: messaging socket when the session exports one, else keystrokes";
            default -> "door: keystrokes";
        };
    }
}
