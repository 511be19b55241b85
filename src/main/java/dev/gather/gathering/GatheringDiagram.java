package dev.gather.gathering;

/** The checked-in docs/gathering-machine.md, generated from the transition table. */
public final class GatheringDiagram {
    private GatheringDiagram() {}

    public static String markdown() {
        StringBuilder s = new StringBuilder();
        s.append("# The gathering state machine\n\n");
        s.append(
                "Generated from `TransitionTable` (do not edit by hand; `GatheringTest` fails when this file is stale).\n");
        s.append("Every gathering runs one such machine, built from its rhythm; the rhythm decides how many phases,\n");
        s.append("rounds and beats it goes through, the machine decides what may happen when.\n\n");
        s.append("```mermaid\n").append(TransitionTable.mermaid()).append("```\n\n");
        s.append("| transition | from | on | guard | to | action |\n|---|---|---|---|---|---|\n");
        for (TransitionTable.Row r : TransitionTable.ROWS) {
            s.append("| ")
                    .append(r.name())
                    .append(" | ")
                    .append(r.source())
                    .append(" | ")
                    .append(r.event() == null ? "(choice)" : r.event())
                    .append(" | ")
                    .append(
                            r.guard() == null
                                    ? (r.kind() == TransitionTable.Kind.CHOICE_LAST ? "else" : "")
                                    : r.guard())
                    .append(" | ")
                    .append(r.target())
                    .append(" | ")
                    .append(r.action())
                    .append(" |\n");
        }
        return s.toString();
    }
}
