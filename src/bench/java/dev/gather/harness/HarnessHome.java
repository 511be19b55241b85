package dev.gather.harness;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** A private, offline home for a real harness whose model calls go to a fake model: what every such home holds. */
abstract class HarnessHome {
    final Path home;
    final FakeModel model;

    HarnessHome(Path home, FakeModel model) {
        this.home = home;
        this.model = model;
    }

    /** The environment the harness runs with (on top of PATH and TERM): this home as HOME, and its own. */
    public final Map<String, String> env() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HOME", home.toString());
        addHarnessEnv(env);
        return env;
    }

    /** Adds what this harness needs besides HOME: its key, its model's address, its switches. */
    abstract void addHarnessEnv(Map<String, String> env);

    /** Writes {@code tree} to {@code file} indented, as the harnesses write their own settings. */
    static void writeJson(Path file, JsonNode tree) throws IOException {
        FakeModel.JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), tree);
    }
}
