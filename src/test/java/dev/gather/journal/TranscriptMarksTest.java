package dev.gather.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranscriptMarksTest {
    @TempDir
    Path dir;

    @Test
    void aMessageNotConfirmedForEveryRecipientSaysWhoIsMissingAndWhy() {
        try (Journals journals = new Journals(dir, Clock.systemUTC())) {
            Journal j = journals.of("link-1");
            var first = Journal.entry("relay").put("from", "Ada").put("text", "hello");
            first.putObject("panes").put("Bo", "%2").put("Cy", "%3").put("Di", "%4");
            long ref = j.append(first);
            assertEquals(1, ref);
            j.appendUnforced(delivery(ref, "Bo", "typing"));
            j.appendUnforced(delivery(ref, "Bo", "confirmed"));
            j.appendUnforced(delivery(ref, "Cy", "failed").put("text", "pane %3 ended"));
            var second = Journal.entry("relay").put("from", "Bo").put("text", "all well");
            second.putObject("panes").put("Ada", "%1");
            long ref2 = j.append(second);
            assertEquals(5, ref2, "entry numbers count every entry");
            j.appendUnforced(delivery(ref2, "Ada", "confirmed"));

            List<String> shown = Transcript.readable(Transcript.read(journals.file("link-1")));
            assertEquals(2, shown.size(), "delivery steps fold into their message: " + shown);
            assertTrue(shown.get(0).endsWith("! not confirmed: Cy (failed: pane %3 ended), Di (queued)"), shown.get(0));
            assertFalse(shown.get(1).contains("not confirmed"), shown.get(1));
        }
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode delivery(long ref, String to, String state) {
        return Journal.entry("delivery").put("ref", ref).put("to", to).put("state", state);
    }
}
