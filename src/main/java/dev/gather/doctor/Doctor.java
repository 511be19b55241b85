package dev.gather.doctor;

import dev.gather.home.Homes;
import dev.gather.install.InstalledPlugins;
import dev.gather.install.Installer;
import dev.gather.tmux.TmuxConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code gather doctor} looks at, one {@link Check} each: tmux, Java, every harness (found, its
 * version, gather's hook and MCP entry, its native door), the daemon, the state directory and Redis
 * when one is configured. Reads only; every question to another program has a deadline.
 */
public final class Doctor {
    private final Map<String, String> env;
    private final Homes homes;
    private final Path launcher;
    private final Programs programs;

    public Doctor(Map<String, String> env, Homes homes, Path launcher) {
        this.env = env;
        this.homes = homes;
        this.launcher = launcher;
        this.programs = new Programs(env.get("PATH"));
    }

    /** Every check, in the order a user reads them. */
    public List<Check> checks() {
        List<Check> all = new ArrayList<>();
        all.add(tmux());
        all.add(java());
        for (String harness : List.of("claude", "codex", "gemini")) {
            all.add(harness(harness));
        }
        all.addAll(new DaemonChecks(homes.state()).checks());
        Optional<String> redis = Optional.ofNullable(env.get("GATHER_REDIS_URL"));
        redis.ifPresent(url -> all.add(RedisCheck.of(url)));
        return all;
    }

    private Check tmux() {
        return programs.find("tmux")
                .flatMap(p -> programs.output(List.of(p.toString(), "-V")))
                .map(v -> Check.ok("tmux", v + "; " + TmuxConfig.fromEnv(env).describe()))
                .orElseGet(() -> Check.fail(
                        "tmux",
                        "not found on PATH",
                        "install it (Debian: apt-get install tmux; macOS: brew install tmux)"));
    }

    private static Check java() {
        Runtime.Version v = Runtime.version();
        return v.feature() >= 17
                ? Check.ok("java", v.toString())
                : Check.fail("java", v.toString(), "gather needs Java 17 or later");
    }

    /** gather came as the harness's plugin: alone it is the whole registration, except for Codex's notify. */
    private static Check viaPlugin(String name, String what, boolean installed, String removal) {
        if (installed) {
            return Check.warn(
                    name,
                    what + "; registered twice, by gather install and by gather's plugin",
                    "keep one: gather install " + name + " --uninstall, or " + removal);
        }
        if (name.equals("codex")) {
            return Check.warn(
                    name,
                    what + "; gather's plugin gives the tools, but Codex plugins carry no turn-end notify",
                    removal + ", then gather install codex");
        }
        return Check.ok(name, what + "; hook and MCP server from gather's plugin");
    }

    private Check harness(String name) {
        Optional<Path> exe = programs.find(name);
        if (exe.isEmpty()) {
            return Check.warn(name, "not found on PATH", "nothing to do unless you use it");
        }
        String version = programs.output(List.of(exe.get().toString(), "--version"))
                .map(Programs::versionLine)
                .orElse("version unknown");
        String door = Doors.of(name, exe.get(), programs);
        try {
            boolean installed = Installer.forHarness(name, homes, launcher, Clock.systemUTC())
                    .installed();
            String what = version + "; " + door;
            Optional<String> plugin = InstalledPlugins.removal(name, homes);
            if (plugin.isPresent()) {
                return viaPlugin(name, what, installed, plugin.get());
            }
            return installed
                    ? Check.ok(name, what + "; hook and MCP server registered")
                    : Check.warn(name, what + "; gather is not registered", "gather install " + name);
        } catch (Exception e) {
            return Check.fail(
                    name, version + "; its config cannot be read: " + e.getMessage(), "fix or move that file");
        }
    }
}
