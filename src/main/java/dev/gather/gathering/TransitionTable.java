package dev.gather.gathering;

import static dev.gather.gathering.GatheringEvent.BEAT;
import static dev.gather.gathering.GatheringEvent.END;
import static dev.gather.gathering.GatheringEvent.HARVEST_DONE;
import static dev.gather.gathering.GatheringEvent.MEMBER_GONE;
import static dev.gather.gathering.GatheringEvent.OUTPUT;
import static dev.gather.gathering.GatheringEvent.START;
import static dev.gather.gathering.GatheringEvent.TURN_OVER;
import static dev.gather.gathering.GatheringState.CLOSED;
import static dev.gather.gathering.GatheringState.FINAL_BEAT;
import static dev.gather.gathering.GatheringState.HARVESTING;
import static dev.gather.gathering.GatheringState.NEXT;
import static dev.gather.gathering.GatheringState.SEEDING;
import static dev.gather.gathering.GatheringState.SPEAKING;

import java.util.List;

/**
 * Every transition of a gathering, as data: the machine is built from this table, the diagram in
 * docs/ is generated from it, and a test fails when a row is never exercised.
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
            GatheringState source,
            GatheringEvent event,
            String guard,
            GatheringState target,
            Kind kind,
            String action) {}

    static final List<Row> ROWS = List.of(
            new Row("start", SEEDING, START, null, SPEAKING, Kind.EXTERNAL, "seedAndBegin"),
            new Row("beat", SPEAKING, BEAT, "beatIsNotFinal", SPEAKING, Kind.INTERNAL, "beat"),
            new Row("final-beat", SPEAKING, BEAT, "beatIsFinal", FINAL_BEAT, Kind.EXTERNAL, "beat"),
            new Row("output", SPEAKING, OUTPUT, null, SPEAKING, Kind.INTERNAL, "output"),
            new Row("output-final", FINAL_BEAT, OUTPUT, null, FINAL_BEAT, Kind.INTERNAL, "output"),
            new Row("turn-over", SPEAKING, TURN_OVER, null, NEXT, Kind.EXTERNAL, "endTurn"),
            new Row("turn-over-final", FINAL_BEAT, TURN_OVER, null, NEXT, Kind.EXTERNAL, "endTurn"),
            new Row("to-harvest", NEXT, null, "breathDoneWithHarvester", HARVESTING, Kind.CHOICE_FIRST, "askHarvest"),
            new Row("to-close", NEXT, null, "breathDone", CLOSED, Kind.CHOICE_THEN, "finish"),
            new Row("next-turn", NEXT, null, null, SPEAKING, Kind.CHOICE_LAST, "nextTurn"),
            new Row("gone", SPEAKING, MEMBER_GONE, null, SPEAKING, Kind.INTERNAL, "gone"),
            new Row("gone-final", FINAL_BEAT, MEMBER_GONE, null, FINAL_BEAT, Kind.INTERNAL, "gone"),
            new Row("gone-harvesting", HARVESTING, MEMBER_GONE, null, HARVESTING, Kind.INTERNAL, "gone"),
            new Row("output-harvesting", HARVESTING, OUTPUT, null, HARVESTING, Kind.INTERNAL, "output"),
            new Row("harvested", HARVESTING, HARVEST_DONE, null, CLOSED, Kind.EXTERNAL, "storeHarvest"),
            new Row("harvest-timeout", HARVESTING, TURN_OVER, null, CLOSED, Kind.EXTERNAL, "close"),
            new Row("end-seeding", SEEDING, END, null, CLOSED, Kind.EXTERNAL, "close"),
            new Row("end-speaking", SPEAKING, END, null, CLOSED, Kind.EXTERNAL, "close"),
            new Row("end-final", FINAL_BEAT, END, null, CLOSED, Kind.EXTERNAL, "close"),
            new Row("end-harvesting", HARVESTING, END, null, CLOSED, Kind.EXTERNAL, "close"));

    /** Names of rows that have fired in this process; the coverage test reads it. */
    static final java.util.Set<String> FIRED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private TransitionTable() {}

    /** The row a fired transition belongs to. */
    static Row find(
            GatheringState source, GatheringState target, GatheringEvent event, boolean internal, String guardHint) {
        return ROWS.stream()
                .filter(r -> r.source() == source && r.target() == target && r.event() == event)
                .filter(r -> (r.kind() == Kind.INTERNAL) == internal
                        || r.kind().name().startsWith("CHOICE"))
                .filter(r -> guardHint == null || guardHint.equals(r.guard()) || r.guard() == null)
                .findFirst()
                .orElse(null);
    }

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
            s.append("    ")
                    .append(r.source())
                    .append(" --> ")
                    .append(r.target())
                    .append(" : ")
                    .append(label)
                    .append('\n');
        }
        return s.append("    CLOSED --> [*]\n").toString();
    }
}
