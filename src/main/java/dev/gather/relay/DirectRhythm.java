package dev.gather.relay;

import dev.gather.rhythm.PromptKind;
import dev.gather.rhythm.Rhythm;
import java.util.OptionalInt;

/** What a direct link takes from the {@code direct} rhythm: its turn budget and its notices. */
public record DirectRhythm(String name, OptionalInt turnBudget, String budgetNotice, String closing) {
    static final DirectRhythm DEFAULT = new DirectRhythm(
            "direct",
            OptionalInt.of(40),
            "[gather] This direct link has used its {turns} turns and is now closed. Start a new one with send_message(direct=true) if you need to go on.",
            "[gather] The direct link was closed ({reason}). Nothing more will be relayed.");

    /** The direct-link settings a rhythm without a piece declares. */
    public static DirectRhythm from(Rhythm r) {
        return new DirectRhythm(
                r.name(),
                r.turnBudget(),
                r.prompts().template(PromptKind.BUDGET_EXHAUSTED).orElse(DEFAULT.budgetNotice()),
                r.prompts().template(PromptKind.CLOSING).orElse(DEFAULT.closing()));
    }
}
