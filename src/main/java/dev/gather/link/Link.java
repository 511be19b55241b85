package dev.gather.link;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A set of two or more members whose turn outputs fan out to every other member. Mutable only
 * through {@link Links}, which guards it; readers take {@link #snapshot()}.
 */
public final class Link {
    private final String id;
    private final String rhythm;
    private final OptionalInt turnBudget;
    private final List<Member> members = new ArrayList<>();
    private int turnsUsed;
    private boolean open = true;
    private final AtomicBoolean closeRecorded = new AtomicBoolean();

    Link(String id, String rhythm, OptionalInt turnBudget, List<Member> members) {
        this.id = Objects.requireNonNull(id, "id");
        this.rhythm = Objects.requireNonNull(rhythm, "rhythm");
        this.turnBudget = turnBudget;
        this.members.addAll(members);
    }

    public String id() {
        return id;
    }

    public String rhythm() {
        return rhythm;
    }

    synchronized void add(Member m) {
        members.add(m);
    }

    synchronized boolean remove(Member m) {
        return members.remove(m);
    }

    synchronized void close() {
        open = false;
    }

    /**
     * True for the one caller that gets to record this link's close: when every pane ends at once,
     * each one's departure (and a gathering ending) would close it, and the journal says so once.
     */
    public boolean claimClose() {
        return closeRecorded.compareAndSet(false, true);
    }

    /** Counts one relayed turn; true when this used up the budget. */
    public synchronized boolean spendTurn() {
        turnsUsed++;
        return turnBudget.isPresent() && turnsUsed >= turnBudget.getAsInt();
    }

    /** The member in {@code pane}, if any. */
    public synchronized Optional<Member> memberInPane(String pane) {
        return members.stream().filter(m -> m.pane().equals(Optional.of(pane))).findFirst();
    }

    /** A consistent copy of this link's state. */
    public synchronized View snapshot() {
        return new View(id, rhythm, List.copyOf(members), turnsUsed, turnBudget, open);
    }

    /** What a link looks like at one moment. */
    public record View(
            String id, String rhythm, List<Member> members, int turnsUsed, OptionalInt turnBudget, boolean open) {
        public View {
            members = List.copyOf(members);
        }

        /** Everyone but {@code sender}: who hears what {@code sender} says. */
        public List<Member> othersThan(Member sender) {
            return members.stream().filter(m -> !m.equals(sender)).toList();
        }
    }
}
