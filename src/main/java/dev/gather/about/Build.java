package dev.gather.about;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Properties;

/** Which gather this is: the version and the commit it was built from ({@code git.properties} in the jar). */
public final class Build {
    private Build() {}

    /** The version, {@code 0.0.0} for a build outside the packaged jar (a plugin manifest needs one). */
    public static String version() {
        String v = Build.class.getPackage().getImplementationVersion();
        return v == null ? "0.0.0" : v;
    }

    /**
     * bin/gather of this build: beside the target/ folder that holds the jar (or target/classes) this
     * runs from, so hooks and spawned agents run the same gather from any directory. Whether it is
     * there is the caller's to check.
     */
    public static Path launcherBeside() {
        try {
            Path code = Path.of(Build.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            return code.toAbsolutePath().getParent().resolveSibling("bin").resolve("gather");
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot tell where gather's code runs from: " + e.getMessage(), e);
        }
    }

    /** {@code gather 0.5.0 (commit 5bec8e2, 2026-11-25)}; {@code commit unknown} outside a git build. */
    public static String line() {
        return Line.LINE;
    }

    /**
     * Read once: picocli asks every subcommand for the version as a daemon builds the command line
     * for each bridged {@code gather status}, and reading the jar for it each time cost ~20 ms.
     */
    private static final class Line {
        static final String LINE = read();
    }

    private static String read() {
        String v = Build.class.getPackage().getImplementationVersion();
        Properties git = new Properties();
        try (InputStream in = Build.class.getResourceAsStream("git.properties")) {
            if (in != null) {
                git.load(in);
            }
        } catch (IOException e) {
            // no commit to name: said below
        }
        String commit = git.getProperty("git.commit.id.abbrev");
        String built = commit == null
                ? "commit unknown"
                : "commit " + commit + ("true".equals(git.getProperty("git.dirty")) ? "-dirty" : "") + ", "
                        + git.getProperty("git.commit.time", "");
        return "gather " + (v == null ? "dev" : v) + " (" + built + ")";
    }
}
