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

@Command(name = "diagram", resourceBundle = "dev.gather.cli.help.diagram", mixinStandardHelpOptions = true)
final class DiagramCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", descriptionKey = "rhythm")
    String rhythm;

    @Option(names = "--write-docs")
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
        Rhythm r = RhythmLibrary.standard().nameOrFile(rhythm);
        System.out.print(RhythmDiagram.mermaid(r));
        return 0;
    }
}
