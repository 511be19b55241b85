package dev.gather.daemon;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.journal.Journal;
import dev.gather.journal.Journals;
import dev.gather.journal.Transcript;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a new daemon finds of the one before it: links and gatherings whose journal never closed
 * were cut off by a crash. They are marked interrupted (appended, nothing rewritten) and reported;
 * their transcripts stay readable.
 */
final class Recovery {
    private static final Set<String> ENDED = Set.of("close", "interrupted");

    private Recovery() {}

    static List<String> markInterrupted(Journals journals) {
        List<String> interrupted = new ArrayList<>();
        for (String id : journals.list()) {
            if (id.equals("oneshot")) {
                continue;
            }
            List<JsonNode> entries = Transcript.read(journals.file(id));
            if (entries.isEmpty()
                    || ENDED.contains(
                            entries.get(entries.size() - 1).path("kind").asText())) {
                continue;
            }
            journals.of(id)
                    .append(Journal.entry("interrupted")
                            .put("link", id)
                            .put("text", "the daemon stopped before this closed; nothing after this line was relayed"));
            interrupted.add(id);
        }
        return interrupted;
    }
}
