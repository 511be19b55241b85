package dev.gather.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranscriptMarksTest {
    @TempDir
    Path dir;

    @Test
    void aMessageNotConfirmedForEveryRecipientSaysWhoIsMissingAndWhy() {
        try (Journals journals = new Journals(dir, Clock.systemUTC())) {
            Journal j = journals.of("link-1");
            Map<String, String> panes = new LinkedHashMap<>();
            panes.put("Bo", "%2");
            panes.put("Cy", "%3");
            panes.put("Di", "%4");
            long ref = j.append(new Message.Relay(
                    "link-1", "Ada", false, 1, null, List.of("Bo", "Cy", "Di"), List.of(), "hello", panes, Map.of()));
            assertEquals(1, ref);
            j.appendUnforced(new Delivery(ref, "Bo", "%2", "typing", ""));
            j.appendUnforced(new Delivery(ref, "Bo", "%2", "confirmed", ""));
            j.appendUnforced(new Delivery(ref, "Cy", "%3", "failed", "pane %3 ended"));
            long ref2 = j.append(new Message.Relay(
                    "link-1",
                    "Bo",
                    false,
                    2,
                    null,
                    List.of("Ada"),
                    List.of(),
                    "all well",
                    Map.of("Ada", "%1"),
                    Map.of()));
            assertEquals(5, ref2, "entry numbers count every entry");
            j.appendUnforced(new Delivery(ref2, "Ada", "%1", "confirmed", ""));

            List<String> shown = Transcript.readable(Transcript.read(journals.file("link-1")));
            assertEquals(2, shown.size(), "delivery steps fold into their message: " + shown);
            assertTrue(shown.get(0).endsWith("! not confirmed: Cy (failed: pane %3 ended), Di (queued)"), shown.get(0));
            assertFalse(shown.get(1).contains("not confirmed"), shown.get(1));
        }
    }
}
