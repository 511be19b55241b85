package dev.gather.cli;

import dev.gather.rhythm.Beats;
import dev.gather.rhythm.Durations;
import dev.gather.rhythm.Phase;
import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.RhythmException;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.rhythm.RolePart;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code gather rhythms}: the rhythms a gathering can run, with their breath and beats. */
@Command(name = "rhythms", resourceBundle = "dev.gather.cli.help.rhythms")
final class RhythmsCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        print(RhythmLibrary.standard(), System.out);
        return 0;
    }

    static void print(RhythmLibrary library, PrintStream out) {
        for (String name : library.names()) {
            Rhythm r;
            try {
                r = library.load(name);
            } catch (RhythmException e) {
                int more = e.errors().size() - 1;
                out.println(name + ": does not load: " + e.errors().get(0)
                        + (more > 0 ? " (and " + more + " more; gather lint lists them)" : ""));
                continue;
            } catch (RuntimeException e) {
                out.println(name + ": does not load: "
                        + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
                continue;
            }
            out.println(r.name()
                    + (r.description().isBlank() ? "" : " — " + r.description().strip()));
            out.println("  breath: " + breath(r));
            out.println("  beats:  " + beats(r.beats()));
            if (!r.roles().parts().isEmpty()) {
                out.println("  parts:  "
                        + String.join(
                                ", ",
                                r.roles().parts().stream().map(RolePart::name).toList())
                        + " (cast one by name: -p Name:part:agent)");
            }
        }
    }

    private static String breath(Rhythm r) {
        if (r.breath().isEmpty()) {
            return "none (a direct link"
                    + r.turnBudget().stream()
                            .mapToObj(b -> ", " + b + " turns")
                            .findFirst()
                            .orElse("") + ")";
        }
        StringBuilder s = new StringBuilder();
        for (Phase p : r.breath()) {
            s.append(s.length() == 0 ? "" : ", ").append(p.name()).append(' ').append(p.rounds());
            s.append(p.rounds() == 1 ? " round" : " rounds");
            if (p.isPrivate()) {
                s.append(
                        switch (p.reveal()) {
                            case NAMED -> " (private, then revealed by name)";
                            case ANONYMOUS -> " (private, then revealed by letter)";
                            case NONE -> " (private: the harvester alone hears it)";
                        });
            }
        }
        return s + (r.talkingPiece() ? "; talking piece" : "");
    }

    private static String beats(Beats b) {
        if (b == null) {
            return "none";
        }
        return b.perTurn() + " per turn, every " + Durations.format(b.interval()) + ", then "
                + Durations.format(b.grace()) + " grace";
    }
}
