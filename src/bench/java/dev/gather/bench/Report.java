package dev.gather.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Prints the benchmark table and writes the machine-readable summary. */
final class Report {
    private Report() {}

    static void print(List<Metric> metrics, PrintStream out) {
        out.printf(Locale.ROOT, "%-48s %12s %12s %8s  %s%n", "metric", "gather", "baseline", "ratio", "target");
        for (Metric m : metrics) {
            out.printf(
                    Locale.ROOT,
                    "%-48s %12s %12s %8s  %s%n",
                    m.name(),
                    format(m.value()) + " " + m.unit(),
                    m.baseline().isPresent() ? format(m.baseline().getAsDouble()) + " " + m.unit() : "-",
                    m.ratio().isPresent()
                            ? String.format(Locale.ROOT, "%.1fx", m.ratio().getAsDouble())
                            : "-",
                    m.target() + (m.missed() ? "  MISSED" : ""));
        }
    }

    static void writeJson(List<Metric> metrics, Path file) throws IOException {
        ObjectMapper json = new ObjectMapper();
        ArrayNode array = json.createArrayNode();
        for (Metric m : metrics) {
            ObjectNode o = array.addObject();
            o.put("name", m.name());
            o.put("unit", m.unit());
            o.put("value", m.value());
            if (m.baseline().isPresent()) {
                o.put("baseline", m.baseline().getAsDouble());
            } else {
                o.putNull("baseline");
            }
            if (m.ratio().isPresent()) {
                o.put("ratio", m.ratio().getAsDouble());
            } else {
                o.putNull("ratio");
            }
            o.put("target", m.target());
            if (m.limit().isPresent()) {
                o.put("limit", m.limit().getAsDouble());
                o.put("missed", m.missed());
            }
        }
        Files.createDirectories(file.getParent());
        json.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), array);
    }

    static String format(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
