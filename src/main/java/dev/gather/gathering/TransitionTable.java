package dev.gather.gathering;

import static dev.gather.gathering.GatheringEvent.BEAT;
import static dev.gather.gathering.GatheringEvent.END;
import static dev.gather.gathering.GatheringEvent.END_NOW;
import static dev.gather.gathering.GatheringEvent.HARVEST_DONE;
import static dev.gather.gathering.GatheringEvent.MAX_TURN;
import static dev.gather.gathering.GatheringEvent.MEMBER_GONE;
import static dev.gather.gathering.GatheringEvent.OUTPUT;
import static dev.gather.gathering.GatheringEvent.START;
import static dev.gather.gathering.GatheringEvent.TIME_UP;
import static dev.gather.gathering.GatheringEvent.TURN_OVER;
import static dev.gather.gathering.GatheringState.CLOSED;
import static dev.gather.gathering.GatheringState.FINAL_BEAT;
import static dev.gather.gathering.GatheringState.HARVESTING;
import static dev.gather.gathering.GatheringState.NEXT;
import static dev.gather.gathering.GatheringState.SEEDING;
import static dev.gather.gathering.GatheringState.SPEAKING;
import static dev.gather.gathering.TransitionTable.Kind.CHOICE_FIRST;
import static dev.gather.gathering.TransitionTable.Kind.CHOICE_LAST;
import static dev.gather.gathering.TransitionTable.Kind.CHOICE_THEN;
import static dev.gather.gathering.TransitionTable.Kind.EXTERNAL;
import static dev.gather.gathering.TransitionTable.Kind.INTERNAL;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every transition of a gathering, as data: the machine is built from this table, the diagram in
 * docs/ is generated from it, and a test fails when a row is never exercised. Every way out of a
 * gathering (breath done, end, end now, too few speakers, the harvester gone) is a row here.
 */
final class TransitionTable {
    enum Kind {
        EXTERNAL,
        INTERNAL,
        CHOICE_FIRST,
        CHOICE_THEN,
        CHOICE_LAST
    }

    /** One row: from where, on what, guarded by what, to where, doing what. */
    record Row(
            String name,
            List<GatheringState> sources,
            GatheringEvent event,
            String guard,
            GatheringState target,
            Kind kind,
            String action) {
        Row {
            sources = List.copyOf(sources);
        }
    }

    private static final List<GatheringState> TURN = List.of(SPEAKING, FINAL_BEAT);
    private static final List<GatheringState> SPOKEN = List.of(SEEDING, SPEAKING, FINAL_BEAT);
    private static final List<GatheringState> OPEN = List.of(SEEDING, SPEAKING, FINAL_BEAT, HARVESTING);

    // spotless:off
    static final List<Row> ROWS = List.of(
        new Row("start",           List.of(SEEDING),    START,        null,               SPEAKING,   EXTERNAL,     "seedAndBegin"),
        new Row("beat-waits",      List.of(SPEAKING),   BEAT,         "midTurn",          SPEAKING,   INTERNAL,     "waitForHolder"),
        new Row("beat",            List.of(SPEAKING),   BEAT,         "beatIsNotFinal",   SPEAKING,   INTERNAL,     "beat"),
        new Row("final-beat",      List.of(SPEAKING),   BEAT,         "beatIsFinal",      FINAL_BEAT, EXTERNAL,     "beat"),
        new Row("output",          List.of(SPEAKING),   OUTPUT,       null,               SPEAKING,   INTERNAL,     "output"),
        new Row("output-final",    List.of(FINAL_BEAT), OUTPUT,       "fromOther",        FINAL_BEAT, INTERNAL,     "output"),
        new Row("last-words",      List.of(FINAL_BEAT), OUTPUT,       "fromHolder",       NEXT,       EXTERNAL,     "lastWords"),
        new Row("grace-waits",     List.of(FINAL_BEAT), TIME_UP,      "midTurn",          FINAL_BEAT, INTERNAL,     "waitForHolder"),
        new Row("grace-over",      List.of(FINAL_BEAT), TIME_UP,      "notMidTurn",       NEXT,       EXTERNAL,     "endTurn"),
        new Row("turn-over",       TURN,                TURN_OVER,    null,               NEXT,       EXTERNAL,     "endTurn"),
        new Row("max-turn",        TURN,                MAX_TURN,     null,               NEXT,       EXTERNAL,     "endTurn"),
        new Row("gone",            SPOKEN,              MEMBER_GONE,  null,               SPEAKING,   INTERNAL,     "gone"),
        new Row("end",             TURN,                END,          null,               NEXT,       EXTERNAL,     "endTurn"),
        new Row("to-harvest",      List.of(NEXT),       null,         "doneWithHarvest",  HARVESTING, CHOICE_FIRST, "askHarvest"),
        new Row("to-close",        List.of(NEXT),       null,         "done",             CLOSED,     CHOICE_THEN,  "finish"),
        new Row("next-turn",       List.of(NEXT),       null,         null,               SPEAKING,   CHOICE_LAST,  "nextTurn"),
        new Row("output-harvest",  List.of(HARVESTING), OUTPUT,       null,               HARVESTING, INTERNAL,     "output"),
        new Row("gone-harvest",    List.of(HARVESTING), MEMBER_GONE,  "notHarvester",     HARVESTING, INTERNAL,     "gone"),
        new Row("harvester-gone",  List.of(HARVESTING), MEMBER_GONE,  "isHarvester",      CLOSED,     EXTERNAL,     "closeUnharvested"),
        new Row("harvest-waits",   List.of(HARVESTING), TIME_UP,      "midTurn",          HARVESTING, INTERNAL,     "waitForHolder"),
        new Row("harvest-late",    List.of(HARVESTING), TIME_UP,      "notMidTurn",       CLOSED,     EXTERNAL,     "closeUnharvested"),
        new Row("harvest-cut",     List.of(HARVESTING), MAX_TURN,     null,               CLOSED,     EXTERNAL,     "closeUnharvested"),
        new Row("harvested",       List.of(HARVESTING), HARVEST_DONE, null,               CLOSED,     EXTERNAL,     "storeHarvest"),
        new Row("end-harvesting",  List.of(HARVESTING), END,          null,               HARVESTING, INTERNAL,     "stillHarvesting"),
        new Row("end-seeding",     List.of(SEEDING),    END,          null,               CLOSED,     EXTERNAL,     "close"),
        new Row("end-now",         OPEN,                END_NOW,      null,               CLOSED,     EXTERNAL,     "close"));
    // spotless:on

    /** Names of rows that have fired in this process; the coverage test reads it. */
    static final Set<String> FIRED = ConcurrentHashMap.newKeySet();

    private TransitionTable() {}

    /** A Mermaid state diagram of the table. */
    static String mermaid() {
        StringBuilder s = new StringBuilder("stateDiagram-v2\n    [*] --> SEEDING\n    state NEXT <<choice>>\n");
        for (Row r : ROWS) {
            String label = r.event() == null ? "" : r.event().name();
            if (r.guard() != null) {
                label += (label.isEmpty() ? "" : " ") + "[" + r.guard() + "]";
            }
            if (r.kind() == Kind.CHOICE_LAST) {
                label = "[else]";
            }
            label += " / " + r.action();
            for (GatheringState source : r.sources()) {
                GatheringState target = r.kind() == Kind.INTERNAL ? source : r.target();
                s.append("    ")
                        .append(source)
                        .append(" --> ")
                        .append(target)
                        .append(" : ")
                        .append(label)
                        .append('\n');
            }
        }
        return s.append("    CLOSED --> [*]\n").toString();
    }
}
