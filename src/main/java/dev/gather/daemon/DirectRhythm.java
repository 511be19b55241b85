package dev.gather.daemon;

import java.util.OptionalInt;

/**
 * What a direct link takes from the {@code direct} rhythm: its turn budget and the notice sent
 * when the budget runs out. Read from rhythms/direct.yaml once the rhythm library is wired in.
 */
record DirectRhythm(String name, OptionalInt turnBudget, String budgetNotice, String closing) {
    static final DirectRhythm DEFAULT = new DirectRhythm(
            "direct",
            OptionalInt.of(40),
            "[gather] This direct link has used its {turns} turns and is now closed. Start a new one with send_message(direct=true) if you need to go on.",
            "[gather] The direct link was closed ({reason}). Nothing more will be relayed.");
}
