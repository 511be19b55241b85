package dev.gather.door;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The native Codex program behind npm's node launcher ({@code @openai/codex/bin/codex.js}), found
 * where that launcher looks for it: {@code codex queue} through the launcher starts node for every
 * message (~140 ms of the ~165 ms a message took), the native program answers in ~90 ms.
 */
public final class CodexNative {
    private static final String LAUNCHER = "codex.js";

    private CodexNative() {}

    /** The native program behind {@code program} when it is npm's launcher and it is there; else {@code program}. */
    public static Path behind(Path program) {
        return behind(program, System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
    }

    /** As {@link #behind(Path)}, for the platform {@code osName}/{@code osArch} (Java's names). */
    static Path behind(Path program, String osName, String osArch) {
        Path real;
        try {
            real = program.toRealPath();
        } catch (IOException e) {
            return program;
        }
        Optional<Target> target = Target.of(osName, osArch);
        if (!real.getFileName().toString().equals(LAUNCHER) || target.isEmpty()) {
            return program;
        }
        // the launcher's own order: the platform package nested in its package or hoisted beside it
        // (node's require.resolve), then a vendor folder in its own package
        Path root = real.getParent().getParent();
        Path pkg = Path.of(target.get().pkg());
        return List.of(root.resolve("node_modules/@openai").resolve(pkg), root.resolveSibling(pkg), root).stream()
                .map(p -> p.resolve("vendor").resolve(target.get().triple()).resolve("bin/codex"))
                .filter(p -> Files.isRegularFile(p) && Files.isExecutable(p))
                .findFirst()
                .orElse(program);
    }

    /** npm's platform package ({@code codex-linux-x64}) and the target triple its vendor folder is named by. */
    private record Target(String pkg, String triple) {
        static Optional<Target> of(String osName, String osArch) {
            String arch = osArch.toLowerCase(Locale.ROOT);
            String cpu = arch.equals("amd64") || arch.equals("x86_64")
                    ? "x64"
                    : arch.equals("aarch64") || arch.equals("arm64") ? "arm64" : "";
            String machine = cpu.equals("x64") ? "x86_64" : "aarch64";
            String os = osName.toLowerCase(Locale.ROOT);
            if (cpu.isEmpty()) {
                return Optional.empty();
            } else if (os.startsWith("linux")) {
                return Optional.of(new Target("codex-linux-" + cpu, machine + "-unknown-linux-musl"));
            } else if (os.startsWith("mac")) {
                return Optional.of(new Target("codex-darwin-" + cpu, machine + "-apple-darwin"));
            }
            return Optional.empty();
        }
    }
}
