package dev.gather.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Envelope numbers that no clock decides: each daemon run draws a random run id and counts its
 * envelopes from 1 ({@code 3f9c…-17}). A receiver keeps, per sender and run, which numbers it accepted
 * (as ranges, on disk in {@code remote.seen}) and refuses only a number it accepted before. So a
 * computer restarted with its clock an hour behind starts a run nobody has seen, and a far-future
 * number a key holder signs marks only itself as seen: it locks nobody out.
 */
final class Sequences {
    private static final Logger LOG = LoggerFactory.getLogger(Sequences.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SEQ = Pattern.compile("([0-9a-f]{16})-([1-9][0-9]{0,17})");
    /** Runs remembered per sender (each daemon start is one): older ones fall out first. */
    static final int RUNS_KEPT = 1024;
    /** Ranges kept per run: an honest sender's numbers form one; this many means a flood of forgeries. */
    static final int RANGES_KEPT = 4096;

    private final Path file;
    private final String run;
    private long counter;
    /** Per sender, per run (oldest first): accepted numbers as ranges, first to last. */
    private final Map<String, LinkedHashMap<String, TreeMap<Long, Long>>> seen = new LinkedHashMap<>();

    Sequences(Path file) {
        this.file = file;
        byte[] id = new byte[8];
        new SecureRandom().nextBytes(id);
        this.run = HexFormat.of().formatHex(id);
        load();
    }

    /** This daemon run's id: in every number it sends and every heartbeat it writes. */
    String run() {
        return run;
    }

    /** The next number this computer sends with. */
    synchronized String next() {
        return run + "-" + (++counter);
    }

    /** Whether {@code seq} has the shape of a number {@link #next} makes. */
    static boolean wellFormed(String seq) {
        return seq != null && SEQ.matcher(seq).matches();
    }

    /**
     * Whether {@code seq} from {@code computer} was never accepted before; records it when it was not.
     * Empty when accepted, else why not.
     */
    synchronized Optional<String> accept(String computer, String seq) {
        Matcher m = SEQ.matcher(seq);
        if (!m.matches()) {
            return Optional.of("sequence number '" + seq + "' is not a run and a count");
        }
        long n = Long.parseLong(m.group(2));
        LinkedHashMap<String, TreeMap<Long, Long>> runs = seen.computeIfAbsent(computer, c -> new LinkedHashMap<>());
        TreeMap<Long, Long> ranges = runs.computeIfAbsent(m.group(1), r -> new TreeMap<>());
        Map.Entry<Long, Long> below = ranges.floorEntry(n);
        if (below != null && below.getValue() >= n) {
            return Optional.of("a replay (sequence number " + seq + " was accepted already)");
        }
        if (ranges.size() >= RANGES_KEPT) {
            return Optional.of("run " + m.group(1) + " of " + computer + " has " + RANGES_KEPT
                    + " gaps already: a flood of forged numbers");
        }
        long start = below != null && below.getValue() == n - 1 ? below.getKey() : n;
        long end = n;
        Long after = ranges.containsKey(n + 1) ? ranges.remove(n + 1) : null;
        if (after != null) {
            end = after;
        }
        ranges.put(start, end);
        while (runs.size() > RUNS_KEPT) {
            runs.remove(runs.keySet().iterator().next());
        }
        save();
        return Optional.empty();
    }

    private void load() {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            JsonNode root = JSON.readTree(file.toFile());
            root.properties().forEach(sender -> {
                LinkedHashMap<String, TreeMap<Long, Long>> runs = new LinkedHashMap<>();
                sender.getValue().properties().forEach(r -> {
                    TreeMap<Long, Long> ranges = new TreeMap<>();
                    r.getValue()
                            .forEach(range -> ranges.put(
                                    range.get(0).asLong(), range.get(1).asLong()));
                    runs.put(r.getKey(), ranges);
                });
                seen.put(sender.getKey(), runs);
            });
        } catch (IOException | RuntimeException e) {
            // an older gather's file (one clock-made number per sender) or a damaged one: such old
            // envelopes are refused anyway, their numbers not being a run and a count
            LOG.warn("cannot read {} ({}); starting a new record of accepted envelopes", file, e.getMessage());
        }
    }

    private void save() {
        ObjectNode root = JSON.createObjectNode();
        seen.forEach((sender, runs) -> {
            ObjectNode byRun = root.putObject(sender);
            runs.forEach((r, ranges) -> {
                ArrayNode list = byRun.putArray(r);
                ranges.forEach((from, to) -> list.addArray().add(from).add(to));
            });
        });
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            JSON.writeValue(tmp.toFile(), root);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            LOG.warn("cannot write {}: {}", file, e.getMessage());
        }
    }
}
