package dev.gather.install;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A harness whose config is JSON files (Claude Code, Gemini CLI): the entries install adds, file by file. */
final class JsonHarness implements HarnessConfig {
    private final String name;
    private final Map<Path, List<JsonEntry>> entries;

    JsonHarness(String name, Map<Path, List<JsonEntry>> entries) {
        this.name = name;
        this.entries = new LinkedHashMap<>(entries);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<Path> files() {
        return List.copyOf(entries.keySet());
    }

    @Override
    public FileChange install(Path file, Optional<byte[]> current) throws InstallException {
        ObjectNode root = JsonConfig.parse(file, current);
        List<Entry> added = new ArrayList<>();
        for (JsonEntry e : entries.get(file)) {
            if (JsonConfig.add(file, root, e)) {
                added.add(e.entry());
            }
        }
        return new FileChange(
                Optional.of(added.isEmpty() && current.isPresent() ? current.get() : JsonConfig.bytes(root, current)),
                added,
                List.of());
    }

    @Override
    public FileChange uninstall(Path file, byte[] current, Set<String> installed) throws InstallException {
        ObjectNode root = JsonConfig.parse(file, Optional.of(current));
        List<Entry> removed = new ArrayList<>();
        List<String> leftAlone = new ArrayList<>();
        for (JsonEntry e : entries.get(file)) {
            if (!installed.contains(e.entry().at())) {
                // no install wrote it (install.log): the person's, however much it looks like gather's
                List<String> notes = new ArrayList<>();
                if (JsonConfig.remove(file, root.deepCopy(), e, notes)) {
                    notes.add(file + ": " + e.entry().at() + " is what 'gather install' writes, but install.log"
                            + " has no install of it; left as it is");
                }
                leftAlone.addAll(notes);
                continue;
            }
            if (JsonConfig.remove(file, root, e, leftAlone)) {
                removed.add(e.entry());
            }
        }
        if (removed.isEmpty()) {
            return new FileChange(Optional.of(current), removed, leftAlone);
        }
        return new FileChange(
                root.isEmpty() ? Optional.empty() : Optional.of(JsonConfig.bytes(root, Optional.of(current))),
                removed,
                leftAlone);
    }

    @Override
    public boolean sameMeaning(byte[] a, byte[] b) {
        return JsonConfig.sameMeaning(a, b);
    }
}
