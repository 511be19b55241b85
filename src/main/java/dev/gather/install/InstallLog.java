package dev.gather.install;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * {@code $GATHER_HOME/install.log}: one JSON line per entry an install adds or an uninstall removes, so
 * what gather did to a user's config can be read back later.
 */
final class InstallLog {
    private final Path file;
    private final Clock clock;

    InstallLog(Path file, Clock clock) {
        this.file = file;
        this.clock = clock;
    }

    void record(String harness, Path config, String action, Entry entry) throws IOException {
        ObjectNode line = JsonConfig.MAPPER
                .createObjectNode()
                .put("time", clock.instant().toString())
                .put("harness", harness)
                .put("file", config.toString())
                .put("action", action)
                .put("entry", entry.at());
        line.set("value", entry.value());
        Files.createDirectories(
                file.getParent(), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Files.write(
                file,
                (JsonConfig.MAPPER.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8),
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND,
                StandardOpenOption.WRITE);
    }

    /**
     * The entries ({@code at}) install added to {@code config} for {@code harness} and no uninstall
     * removed since, as this log says; empty when it says none (or there is no log).
     */
    Set<String> installed(String harness, Path config) throws IOException {
        Set<String> in = new LinkedHashSet<>();
        if (!Files.exists(file)) {
            return in;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            JsonNode e;
            try {
                e = JsonConfig.MAPPER.readTree(line);
            } catch (IOException torn) {
                continue;
            }
            if (e == null
                    || !harness.equals(e.path("harness").asText())
                    || !config.toString().equals(e.path("file").asText())) {
                continue;
            }
            switch (e.path("action").asText()) {
                case "install" -> in.add(e.path("entry").asText());
                case "uninstall" -> in.remove(e.path("entry").asText());
                default -> {}
            }
        }
        return in;
    }
}
