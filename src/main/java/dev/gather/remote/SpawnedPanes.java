package dev.gather.remote;

import dev.gather.journal.Journals;
import dev.gather.journal.Line;
import dev.gather.journal.Spawns;
import dev.gather.journal.Transcript;
import java.nio.file.Files;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Member side: the panes this computer spawned for other computers, and for whom, kept in a journal
 * ({@value #JOURNAL}) so a daemon restarted mid-gathering still knows them: the owner's {@code end},
 * sent while it was down or after, still ends the pane, and the pane's turns still go to its owner.
 */
final class SpawnedPanes {
    private static final Logger LOG = LoggerFactory.getLogger(SpawnedPanes.class);
    static final String JOURNAL = "remote-spawned";

    private final Journals journals;
    private final Map<String, String> forComputer = new ConcurrentHashMap<>();

    SpawnedPanes(Journals journals) {
        this.journals = journals;
        try {
            if (Files.exists(journals.file(JOURNAL))) {
                for (Line l : Transcript.lines(journals.file(JOURNAL))) {
                    if (l.entry() instanceof Spawns.Spawned s) {
                        forComputer.put(s.pane(), s.forComputer());
                    } else if (l.entry() instanceof Spawns.Ended e) {
                        forComputer.remove(e.pane());
                    }
                }
            }
        } catch (RuntimeException x) {
            LOG.warn(
                    "cannot read {} ({}); panes spawned before are not ended by their owners", JOURNAL, x.getMessage());
        }
    }

    /** Every pane spawned here and not ended, with the computer it was spawned for. */
    Map<String, String> all() {
        return Map.copyOf(forComputer);
    }

    /** The computer {@code pane} was spawned for, if it was. */
    Optional<String> owner(String pane) {
        return Optional.ofNullable(forComputer.get(pane));
    }

    /** {@code pane} was spawned here for {@code computer}: journalled (forced) before it is answered. */
    void spawned(String pane, String computer, String gathering, String name) {
        forComputer.put(pane, computer);
        journals.of(JOURNAL).append(new Spawns.Spawned(pane, computer, gathering, name));
    }

    /** {@code pane} was ended at its owner's word. */
    void ended(String pane) {
        if (forComputer.remove(pane) != null) {
            journals.of(JOURNAL).append(new Spawns.Ended(pane));
        }
    }
}
