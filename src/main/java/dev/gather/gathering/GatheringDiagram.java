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
        s.append("Guards: `midTurn` is true while the one with the floor (the holder; while harvesting, the\n");
        s.append("harvester) is busy since its last delivery and its turn has not ended: beats and the final\n");
        s.append(
                "beat's grace wait for it (a lease), up to the turn cap (`MAX_TURN`: the rhythm's `beats.max_turn`,\n");
        s.append("else ten times a turn's beats and grace). Words\n");
        s.append("that arrive after a turn was cut are journalled as `late`, never relayed. `END` asks the\n");
        s.append("harvester (the `NEXT` choice sees the gathering ending); `END_NOW` closes at once.\n");
        s.append("Entering `CLOSED` is the machine's; the link follows its effects (`EffectRunner`): the closing\n");
        s.append("words go out once what was sent before them reached its members (a member still on its previous\n");
        s.append("turn hears the last words first), bounded at 30 s, and then the link closes. `END_NOW` does not\n");
        s.append("wait: what is still queued is withdrawn.\n");
        s.append("A member who joins late is no event of the machine: on the gathering's lane it joins the\n");
        s.append("present members (a speaker joins the order when the next round begins) and gets its seed;\n");
        s.append("refused while harvesting or closed.\n\n");
        s.append("A daemon restart (crash, SIGKILL, or stop and start for an upgrade) is no transition: the new\n");
        s.append("daemon replays the gathering's journal into a snapshot (state, phase, round, holder, beat, and\n");
        s.append("when the turn and its last beat began; `GatheringReplay`), puts the machine in that state with\n");
        s.append("Spring's `resetStateMachineReactively` (no action runs, nothing is typed again) and arms its\n");
        s.append("timers from the journal's times: a beat, grace or cap that fell due while no daemon ran fires\n");
        s.append("once. A turn the holder's words had already ended (a pass, last words) moves on at once\n");
        s.append("(`TURN_OVER`); a gathering still seeding seeds whom the last daemon had not, then `START`s.\n\n");
        s.append("```mermaid\n").append(TransitionTable.mermaid()).append("```\n\n");
        s.append("| transition | from | on | guard | to | action |\n|---|---|---|---|---|---|\n");
        for (TransitionTable.Row r : TransitionTable.ROWS) {
            s.append("| ")
                    .append(r.name())
                    .append(" | ")
                    .append(String.join(
                            ", ", r.sources().stream().map(Enum::name).toList()))
                    .append(" | ")
                    .append(r.event() == null ? "(choice)" : r.event())
                    .append(" | ")
                    .append(
                            r.guard() == null
                                    ? (r.kind() == TransitionTable.Kind.CHOICE_LAST ? "else" : "")
                                    : r.guard())
                    .append(" | ")
                    .append(
                            r.kind() == TransitionTable.Kind.INTERNAL
                                    ? "(stays)"
                                    : r.target().name())
                    .append(" | ")
                    .append(r.action())
                    .append(" |\n");
        }
        return s.toString();
    }
}
