package dev.gather.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;

/** An entry that says who did what, or what was not believed: for a person checking afterwards. */
public sealed interface Audit extends Entry {
    /** Op {@code op} was done by the user as the operator of a gathering ({@code by}: which pane or process). */
    record Operator(String op, String by) implements Audit {}

    /**
     * A process outside every pane ({@code by}) acted for pane {@code on_behalf_of}: an op, or a turn
     * end of {@code harness} handed over for it ({@code op} hook, in the pane's {@code link}).
     */
    record OnBehalf(
            String op,
            @JsonInclude(Include.NON_NULL) String harness,
            @JsonInclude(Include.NON_NULL) String link,
            String onBehalfOf,
            String by)
            implements Audit {}

    /** A turn end of {@code harness} that claimed pane {@code claimed_pane} was not believed, for {@code why}. */
    record Refused(String harness, String claimedPane, String why) implements Audit {}

    /** An envelope from another computer that was not believed (signature, recipient, replay, policy). */
    record Rejected(String envelope, String envelopeKind, String claimedFrom, String why) implements Audit {}

    /**
     * Computer {@code computer} refused to spawn member {@code name} (of {@code agent_kind}) of this
     * computer's {@code gathering}, for {@code why}: its policy does not start that kind for us.
     */
    record SpawnRefused(String computer, String gathering, String name, String agentKind, String why)
            implements Audit {}
}
