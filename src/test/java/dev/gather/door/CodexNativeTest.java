package dev.gather.door;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Codex's door runs the native program behind npm's node launcher where the launcher itself would
 * find it (Codex 0.169.0's {@code bin/codex.js}: the platform package nested or hoisted, then its own
 * vendor folder), and the program it was given when there is none.
 */
class CodexNativeTest {
    private static final String TRIPLE = "x86_64-unknown-linux-musl";

    @TempDir
    Path dir;

    /** npm's layout: {@code node_modules/.bin/codex} linked to {@code @openai/codex/bin/codex.js}. */
    private Path launcher;

    @BeforeEach
    void install() throws IOException {
        Path js = executable(dir.resolve("node_modules/@openai/codex/bin/codex.js"), "#!/usr/bin/env node\n");
        launcher = Files.createDirectories(dir.resolve("node_modules/.bin")).resolve("codex");
        Files.createSymbolicLink(launcher, launcher.getParent().relativize(js));
    }

    private static Path executable(Path file, String body) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
        return file;
    }

    /** The native program of npm package {@code pkg} (its path under node_modules), for this platform. */
    private Path vendored(String pkg) throws IOException {
        return executable(
                dir.resolve("node_modules")
                        .resolve(pkg)
                        .resolve("vendor")
                        .resolve(TRIPLE)
                        .resolve("bin/codex"),
                "\u007fELF");
    }

    @Test
    void theHoistedPlatformPackagesProgramIsRunInsteadOfNode() throws IOException {
        Path codex = vendored("@openai/codex-linux-x64");
        assertEquals(codex.toRealPath(), CodexNative.behind(launcher, "Linux", "amd64"));
    }

    @Test
    void aPlatformPackageNestedInCodexsOwnComesFirst() throws IOException {
        vendored("@openai/codex-linux-x64");
        Path nested = vendored("@openai/codex/node_modules/@openai/codex-linux-x64");
        assertEquals(nested.toRealPath(), CodexNative.behind(launcher, "Linux", "amd64"));
    }

    @Test
    void withoutAPlatformPackageItsOwnVendorFolderIsUsed() throws IOException {
        Path own = vendored("@openai/codex");
        assertEquals(own.toRealPath(), CodexNative.behind(launcher, "Linux", "x86_64"));
    }

    @Test
    void theLauncherStaysWhenNoNativeProgramIsThereOrRunnable() throws IOException {
        assertEquals(launcher, CodexNative.behind(launcher, "Linux", "amd64"));
        Path codex = vendored("@openai/codex-linux-x64");
        Files.setPosixFilePermissions(codex, PosixFilePermissions.fromString("rw-------"));
        assertEquals(launcher, CodexNative.behind(launcher, "Linux", "amd64"));
    }

    @Test
    void anotherPlatformsProgramIsNotTaken() throws IOException {
        vendored("@openai/codex-linux-x64");
        assertEquals(launcher, CodexNative.behind(launcher, "Linux", "aarch64"));
        assertEquals(launcher, CodexNative.behind(launcher, "Windows 11", "amd64"));
        Path arm = executable(
                dir.resolve("node_modules/@openai/codex-linux-arm64/vendor/aarch64-unknown-linux-musl/bin/codex"),
                "\u007fELF");
        assertEquals(arm.toRealPath(), CodexNative.behind(launcher, "Linux", "aarch64"));
    }

    @Test
    void aNativeProgramOrAMissingOneIsRunAsGiven() throws IOException {
        Path codex = vendored("@openai/codex-linux-x64");
        assertEquals(codex, CodexNative.behind(codex, "Linux", "amd64"));
        Path gone = dir.resolve("nowhere/codex");
        assertEquals(gone, CodexNative.behind(gone, "Linux", "amd64"));
    }
}
