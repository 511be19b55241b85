package dev.gather.server;

import dev.gather.link.Names;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Who may do what in another's name, checked for every request from a process (never for the
 * daemon's own): a name claimed with {@code as} may not be, to a reader's eye, a name someone else
 * holds (a member of a link or gathering, a pane's session); ending a gathering or taking its piece
 * is for its members, its starter (a pane, or the terminal outside every pane it was started from),
 * its human member speaking by name from a terminal ({@code as}),
 * or the user saying explicitly that they act as the operator ({@code operator}), which is
 * journalled. See docs/security.md.
 */
public final class Acting {
    /** A name someone holds: a member's (in the pane it speaks from, if any) or a pane's session. */
    public record Holder(String name, Optional<String> pane) {}

    /** What a gathering's guard needs to know of one gathering. */
    public record Circle(String id, List<Holder> members, List<String> humans, Optional<String> starter) {}

    /** The daemon's state as the guard sees it. */
    public interface View {
        /** Every name held now. */
        List<Holder> names();

        /** The gathering a request names ({@code gathering}) or its caller's, if any. */
        Optional<Circle> gathering(Request r);
    }

    private final View view;
    private final Consumer<Request> onOperator;

    /** {@code onOperator} journals a request done as the operator, before it is done. */
    public Acting(View view, Consumer<Request> onOperator) {
        this.view = view;
        this.onOperator = onOperator;
    }

    /** Throws {@link UserError} when {@code r} would act in a name its caller does not hold. */
    public void check(Request r) {
        switch (r.op()) {
            case "send" -> r.optionalText("as").ifPresent(name -> refuseTaken(r, name));
            case "end_gathering", "take" -> refuseOutsider(r);
            default -> {}
        }
    }

    /**
     * How a gathering started from a terminal outside every pane names its starter (in its run and its
     * journal's start entry): by that terminal, which no pane id ({@code %12}) can equal.
     */
    public static String starter(long terminal) {
        return "terminal " + terminal;
    }

    private void refuseTaken(Request r, String claimed) {
        String fold = Names.fold(claimed);
        for (Holder h : view.names()) {
            if (Names.fold(h.name()).equals(fold) && !h.pane().equals(r.callerPane())) {
                throw new UserError(r.op() + ": refused: 'as' names " + claimed + ", which is " + h.name()
                        + h.pane().map(p -> "'s name (pane " + p + ")").orElse("'s name")
                        + "; a name claimed with 'as' must be one nobody else holds");
            }
        }
    }

    private void refuseOutsider(Request r) {
        Optional<Circle> found = view.gathering(r);
        if (found.isEmpty()) {
            return; // the op says what is wrong
        }
        Circle g = found.get();
        Optional<String> pane = r.callerPane();
        boolean member =
                pane.isPresent() && g.members().stream().anyMatch(m -> m.pane().equals(pane));
        if (member || (pane.isPresent() && pane.equals(g.starter()))) {
            return;
        }
        // the person who typed gather start in a shell outside every pane, in that same shell
        Optional<String> terminal = r.terminal().map(Acting::starter);
        if (pane.isEmpty() && terminal.isPresent() && terminal.equals(g.starter())) {
            return;
        }
        Optional<String> as = r.args().has("as") ? r.optionalText("as") : Optional.empty();
        if (as.isPresent() && g.humans().stream().anyMatch(h -> Names.same(h, as.get()))) {
            return;
        }
        Optional<String> lookalike = as.flatMap(n -> g.humans().stream()
                .filter(h -> Names.fold(h).equals(Names.fold(n)))
                .findFirst());
        if (lookalike.isPresent()) {
            // a name drawn like the human member's is not the human member's: it grants nothing
            throw new UserError(r.op() + ": refused: 'as' names " + as.get() + ", which looks like the human member "
                    + lookalike.get() + " but is not that name letter for letter");
        }
        if (r.flag("operator")) {
            onOperator.accept(r);
            return;
        }
        String who = pane.map(p -> "pane " + p)
                .orElse("a process outside every pane"
                        + (r.terminal().isPresent() ? " (another terminal than the starter's)" : ""));
        String command = r.op().equals("take") ? "gather take" : "gather end";
        throw new UserError(r.op() + ": refused: " + who + " is no member of " + g.id()
                + " and did not start it; a member or the starter does this"
                + (g.humans().isEmpty()
                        ? ""
                        : ", or the human member by name (--as " + g.humans().get(0) + ")")
                + ", or the user as operator: " + command + " --operator " + g.id());
    }
}
