package dev.gather.cli;

import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.RhythmDiagram;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.rhythm.RhythmLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "diagram",
        mixinStandardHelpOptions = true,
        description = {
            "Print a Mermaid state diagram of a rhythm's flow.",
            "It shows phases, rounds, beats, passing the piece and the harvest.",
            "--write-docs regenerates docs/rhythms/<name>.md for every shipped rhythm.",
            "",
            "Example:  gather diagram daily",
        })
final class DiagramCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", description = "Rhythm name or a .yaml file.")
    String rhythm;

    @Option(names = "--write-docs", description = "Write docs/rhythms/*.md for the shipped rhythms.")
    boolean writeDocs;

    @Override
    public Integer call() throws Exception {
        if (writeDocs) {
            Path dir = Path.of("docs/rhythms");
            Files.createDirectories(dir);
            for (String name : RhythmDiagram.shipped()) {
                Rhythm r = RhythmLoader.load(Path.of("rhythms", name + ".yaml"));
                Files.writeString(dir.resolve(name + ".md"), RhythmDiagram.markdown(r));
                System.out.println("wrote " + dir.resolve(name + ".md"));
            }
            return 0;
        }
        if (rhythm == null) {
            System.err.println("gather diagram: name a rhythm or a file (or --write-docs)");
            return 2;
        }
        Rhythm r = rhythm.endsWith(".yaml") || rhythm.endsWith(".yml")
                ? RhythmLoader.load(Path.of(rhythm))
                : RhythmLibrary.standard().load(rhythm);
        System.out.print(RhythmDiagram.mermaid(r));
        return 0;
    }
}
