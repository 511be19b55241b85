package dev.gather.bench;

import dev.gather.history.Pulse;
import dev.gather.history.Source;
import dev.gather.home.Homes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Time to build a gathering's pulse over ~3,000 synthetic transcript files (Claude, Codex, Gemini
 * folders and gather journals; a few files of a megabyte, as long sessions are), against the naive
 * search in the same run: read every file whole and count keywords with a regex.
 */
final class PulseBenchmark extends Benchmark {
    private static final List<String> KEYWORDS = List.of("retro", "parser", "migration", "flaky");

    PulseBenchmark() {
        super("pulse");
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        int files = context.sized(300, 3_000);
        Path home = context.scratch().resolve("pulse-home");
        long bytes = Corpus.write(home, files, new Random(7));
        List<Source> sources = Source.defaults(home.resolve("journal"), Homes.of(Map.of("HOME", home.toString())));
        Pulse pulse = new Pulse(sources, Pulse.MAX_CHARS);
        int samples = context.sized(1, 3);
        long cold = System.nanoTime();
        String text = pulse.compose(KEYWORDS);
        double coldMs = (System.nanoTime() - cold) / 1e6;
        if (text.isEmpty()) {
            throw new IllegalStateException("the pulse found nothing in a corpus seeded with its keywords");
        }
        naive(sources);
        double[] ours = new double[samples];
        double[] theirs = new double[samples];
        for (int i = 0; i < samples; i++) {
            long t0 = System.nanoTime();
            pulse.compose(KEYWORDS);
            ours[i] = (System.nanoTime() - t0) / 1e6;
            long t1 = System.nanoTime();
            naive(sources);
            theirs[i] = (System.nanoTime() - t1) / 1e6;
        }
        return List.of(
                Metric.vs("pulse over " + files + " transcript files", "ms", median(ours), median(theirs), "< 1500 ms"),
                Metric.of("pulse, first call in a fresh JVM", "ms", coldMs, "< 2000 ms"),
                Metric.of("pulse corpus size", "MB", bytes / 1e6, "context"),
                Metric.of("pulse length", "chars", text.length(), "≤ " + Pulse.MAX_CHARS));
    }

    /** The baseline: every file read whole, one regex over it, the best three files kept. */
    static List<Path> naive(List<Source> sources) throws IOException {
        Pattern p = Pattern.compile("(?i)\\b(" + String.join("|", KEYWORDS) + ")\\b");
        List<long[]> scores = new ArrayList<>();
        List<Path> paths = new ArrayList<>();
        for (Source s : sources) {
            if (!Files.isDirectory(s.root())) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(s.root())) {
                for (Path f : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                    Matcher m = p.matcher(Files.readString(f, StandardCharsets.UTF_8));
                    long hits = 0;
                    while (m.find()) {
                        hits++;
                    }
                    if (hits > 0) {
                        scores.add(new long[] {hits, paths.size()});
                        paths.add(f);
                    }
                }
            }
        }
        return scores.stream()
                .sorted(Comparator.comparingLong((long[] a) -> a[0]).reversed())
                .limit(3)
                .map(a -> paths.get((int) a[1]))
                .toList();
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v[v.length / 2];
    }

    /** Synthetic transcripts: JSONL lines of pseudo-words, some naming the keywords. */
    static final class Corpus {
        private Corpus() {}

        static long write(Path home, int files, Random random) {
            String[] vocabulary = new String[2_000];
            for (int i = 0; i < vocabulary.length; i++) {
                vocabulary[i] = word(random);
            }
            String[] folders = {
                ".claude/projects/-work-app", ".codex/sessions/2026/11/20", ".gemini/tmp/ab12/chats", "journal"
            };
            long total = 0;
            try {
                for (int i = 0; i < files; i++) {
                    Path dir = Files.createDirectories(home.resolve(folders[i % folders.length]));
                    // most sessions are short; one in twenty is a long one of up to a megabyte
                    int size = i % 20 == 0 ? 300_000 + random.nextInt(700_000) : 8_000 + random.nextInt(32_000);
                    byte[] content = transcript(size, vocabulary, random);
                    Files.write(dir.resolve("session-" + i + ".jsonl"), content);
                    total += content.length;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return total;
        }

        private static byte[] transcript(int size, String[] vocabulary, Random random) {
            StringBuilder out = new StringBuilder(size + 256);
            while (out.length() < size) {
                out.append("{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":\"");
                int words = 10 + random.nextInt(40);
                for (int w = 0; w < words; w++) {
                    boolean keyword = random.nextInt(400) == 0;
                    out.append(
                                    keyword
                                            ? KEYWORDS.get(random.nextInt(KEYWORDS.size()))
                                            : vocabulary[random.nextInt(vocabulary.length)])
                            .append(' ');
                }
                out.append("\"}}\n");
            }
            return out.toString().getBytes(StandardCharsets.UTF_8);
        }

        private static String word(Random random) {
            char[] c = new char[3 + random.nextInt(8)];
            for (int i = 0; i < c.length; i++) {
                c[i] = (char) ('a' + random.nextInt(26));
            }
            return new String(c);
        }
    }
}
