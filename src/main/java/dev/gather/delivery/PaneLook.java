package dev.gather.delivery;

import dev.gather.process.Processes;
import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import dev.gather.tmux.Pane;
import dev.gather.tmux.Terminal;
import dev.gather.tmux.Tmux;
import dev.gather.tmux.TmuxException;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What runs in a pane, as delivery asks it: the profile a member is typed into with, decided at each
 * typing ({@link Profiles#forTerminal}: a shell at its prompt always gets the shell profile), and the
 * pid a harness's door checks its socket against.
 */
record PaneLook(Tmux tmux, Profiles profiles) {
    /** Which profile {@code pane} is typed into with now; {@code known}: what started it or its hooks said. */
    Profile current(String pane, Optional<Profile> known) {
        if (!pane.startsWith("%")) {
            return known.orElseGet(profiles::generic); // not a pane of this server: nothing to look at
        }
        try {
            Optional<Terminal> t = tmux.terminal(pane);
            if (t.isPresent()) {
                return profiles.forTerminal(t.get(), known);
            }
        } catch (TmuxException e) {
            // the driver could not say: as before, by the pane list
        }
        return known.orElseGet(() -> byPaneList(pane));
    }

    /** The profile of a pane nothing was said of: by what runs in it. */
    Profile recognise(String pane) {
        return current(pane, Optional.empty());
    }

    /** The pid of the process {@code pane} runs, when tmux lists the pane. */
    OptionalLong pid(String pane) {
        return listed(pane).map(p -> OptionalLong.of(p.pid())).orElse(OptionalLong.empty());
    }

    private Profile byPaneList(String pane) {
        return listed(pane)
                .flatMap(p -> profiles.recognise(p.command(), () -> Processes.commandLines(p.pid())))
                .orElseGet(profiles::generic);
    }

    /** {@code pane} as tmux lists it now; empty when it does not, or tmux could not say. */
    private Optional<Pane> listed(String pane) {
        try {
            return tmux.panes().stream().filter(p -> p.id().equals(pane)).findFirst();
        } catch (TmuxException e) {
            return Optional.empty();
        }
    }
}
