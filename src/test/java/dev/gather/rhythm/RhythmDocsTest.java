package dev.gather.rhythm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/rhythms/*.md are generated; this fails when one is stale. */
class RhythmDocsTest {
    @Test
    void everyShippedRhythmsDocIsCurrent() throws IOException {
        for (String name : RhythmDiagram.shipped()) {
            Rhythm r = RhythmLoader.load(Path.of("rhythms", name + ".yaml"));
            Path doc = Path.of("docs/rhythms", name + ".md");
            assertTrue(Files.exists(doc), doc + " is missing; run: bin/gather diagram --write-docs");
            assertEquals(
                    RhythmDiagram.markdown(r),
                    Files.readString(doc),
                    doc + " is stale; run: bin/gather diagram --write-docs");
        }
    }

    @Test
    void theDiagramFollowsTheBreath() {
        String m = RhythmDiagram.mermaid(RhythmLibrary.shippedRhythm("weekly").orElseThrow());
        assertTrue(m.contains("state \"hold: 3 rounds\" as hold"), m);
        assertTrue(m.contains("exhale --> harvest"), m);
        assertTrue(RhythmDiagram.mermaid(RhythmLibrary.shippedRhythm("direct").orElseThrow())
                .contains("40 turns used"));
    }
}
