package dev.gather.harness;

import static org.awaitility.Awaitility.await;

import dev.gather.door.Handover;
import dev.gather.door.LateReceipt;
import dev.gather.door.Parcel;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Claude's receipts that came after a door's window, by parcel: a loaded machine delays Claude's hold
 * or refusal past any window, and the daemon's channel hears such a receipt late; so does a test.
 */
final class LateReceipts implements Consumer<LateReceipt> {
    private final Map<String, Handover> byRef = new ConcurrentHashMap<>();

    @Override
    public void accept(LateReceipt r) {
        byRef.put(r.parcel().ref(), r.handover());
    }

    /** What Claude said of {@code p}: the door's {@code answer}, or, when that was Handed, the receipt after it. */
    Handover said(Parcel p, Handover answer, Duration atMost) {
        if (!(answer instanceof Handover.Handed)) {
            return answer;
        }
        try {
            return await().atMost(atMost).until(() -> byRef.get(p.ref()), r -> r != null);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("Claude said nothing of " + p.ref() + " after " + answer, e);
        }
    }
}
