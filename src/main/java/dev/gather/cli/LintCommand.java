package dev.gather.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.home.ConfigFile;
import dev.gather.home.StateDir;
import dev.gather.process.Threads;
import dev.gather.profile.ProfileLoader;
import dev.gather.rhythm.RhythmError;
import dev.gather.rhythm.RhythmException;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.rhythm.RhythmLint;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "lint", resourceBundle = "dev.gather.cli.help.lint", mixinStandardHelpOptions = true)
final class LintCommand implements Callable<Integer> {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "0..*", descriptionKey = "paths")
    List<Path> paths;

    @Option(names = "--user")
    boolean user;

    @Mixin
    FormatOption format = new FormatOption();

    private static List<RhythmError> check(Path f) {
        if (!isProfile(f)) {
            return RhythmLint.check(f);
        }
        try {
            ProfileLoader.load(f, f.toString());
            return List.of();
        } catch (RhythmException e) {
            return e.errors();
        } catch (RuntimeException | StackOverflowError e) {
            // a file the stages did not foresee is still one line of lint, never a stack trace
            return List.of(new RhythmError(f.toString(), 1, 1, "lint.unreadable", String.valueOf(e.getMessage())));
        }
    }

    /** Harness profiles live in a profiles folder, or say {@code profile:} at the top. */
    private static boolean isProfile(Path f) {
        Path parent = f.toAbsolutePath().getParent();
        if (parent != null
                && parent.getFileName() != null
                && parent.getFileName().toString().equals("profiles")) {
            return true;
        }
        try {
            return ProfileLoader.looksLikeProfile(ConfigFile.text(f, 1024 * 1024));
        } catch (IOException | UncheckedIOException e) {
            return false; // the rhythm loader reports the unreadable file
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean none = paths == null || paths.isEmpty();
        // what to check, each with how to check it: shipped rhythms live in the jar, not in a folder
        List<Supplier<List<RhythmError>>> files = new ArrayList<>();
        if (none) {
            RhythmLibrary.SHIPPED.forEach(n -> files.add(() -> RhythmLint.checkShipped(n)));
        }
        for (Path p : none ? List.<Path>of() : paths) {
            if (!Files.exists(p)) {
                err.println("gather lint: no such file or directory: " + p);
                return 2;
            }
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.walk(p)) {
                    s.filter(f -> f.toString().endsWith(".yaml") || f.toString().endsWith(".yml"))
                            .sorted()
                            .forEach(f -> files.add(() -> check(f)));
                }
            } else {
                files.add(() -> check(p));
            }
        }
        if (none || user) {
            RhythmLibrary.standard().userFiles().forEach(f -> files.add(() -> RhythmLint.check(f)));
            // the user's harness profiles too: the daemon only logs one that does not load, and keeps the shipped
            ConfigFile.yamlIn(StateDir.fromEnvironment().root().resolve("profiles"))
                    .forEach(f -> files.add(() -> check(f)));
        }
        // files are independent: check them on every core, report in file order
        List<List<RhythmError>> perFile = Threads.inParallel(
                "gather-lint", () -> files.parallelStream().map(Supplier::get).toList());
        List<RhythmError> errors = new ArrayList<>();
        perFile.forEach(errors::addAll);
        long bad = perFile.stream().filter(e -> !e.isEmpty()).count();
        if (format.json()) {
            ObjectNode o = new ObjectMapper()
                    .createObjectNode()
                    .put("files", files.size())
                    .put("invalid", bad);
            ArrayNode a = o.putArray("errors");
            errors.forEach(e -> a.addObject()
                    .put("file", e.file())
                    .put("line", e.line())
                    .put("column", e.column())
                    .put("rule", e.rule())
                    .put("message", e.message()));
            out.println(o);
        } else {
            errors.forEach(e -> out.println(e));
            out.println(files.size() + " file" + (files.size() == 1 ? "" : "s") + " checked, " + bad + " invalid");
        }
        out.flush();
        return bad == 0 ? 0 : 1;
    }
}
