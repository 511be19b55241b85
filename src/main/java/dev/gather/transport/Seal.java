package dev.gather.transport;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How an envelope travels signed: its kind, sender, recipient, sequence number and body, with an HMAC
 * over all five. The recipient is signed so an envelope copied into another computer's stream is
 * refused; the sequence number (a run and a count, {@link Sequences}) so a copied old one is.
 */
final class Seal {
    private final RemoteKey key;

    Seal(RemoteKey key) {
        this.key = key;
    }

    /** The stream fields of {@code e} sent to {@code to} as the {@code seq}-th envelope of its sender. */
    Map<String, String> fields(Envelope e, String to, String seq, String body) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("kind", e.kind());
        f.put("from", e.from());
        f.put("to", to);
        f.put("seq", seq);
        f.put("body", body);
        f.put("sig", key.sign(signed(e.kind(), e.from(), to, seq, body)));
        return f;
    }

    /** Why {@code f}, read from {@code me}'s stream, is not to be believed; empty when it is. */
    Optional<String> problem(Map<String, String> f, String me) {
        String sig = f.get("sig");
        if (sig == null) {
            return Optional.of("unsigned");
        }
        String seq = f.getOrDefault("seq", "");
        if (!Sequences.wellFormed(seq)) {
            return Optional.of("no sequence number (a run and a count)");
        }
        String signed = signed(
                f.getOrDefault("kind", ""),
                f.getOrDefault("from", ""),
                f.getOrDefault("to", ""),
                seq,
                f.getOrDefault("body", ""));
        if (!key.verifies(signed, sig)) {
            return Optional.of("bad signature (not made with this computer's remote key)");
        }
        if (!me.equals(f.get("to"))) {
            return Optional.of("signed for computer '" + f.get("to") + "', not this one");
        }
        return Optional.empty();
    }

    private static String signed(String kind, String from, String to, String seq, String body) {
        // lengths first: no two different field lists sign the same text; "-2": numbers are runs and counts
        StringBuilder s = new StringBuilder("gather-envelope-2");
        for (String part : new String[] {kind, from, to, seq, body}) {
            s.append('\n').append(part.length()).append(':').append(part);
        }
        return s.toString();
    }

    /**
     * The signed value of a heartbeat: {@code run-beat:signature}. No time in it: the receiver judges
     * liveness by its own clock, by when it saw the beat change.
     */
    String heartbeat(String computer, String run, long beat) {
        String value = run + "-" + beat;
        return value + ":" + key.sign("gather-alive-2\n" + computer + "\n" + value);
    }

    /** The {@code run-beat} a heartbeat {@code value} of {@code computer} carries, if it is signed with this key. */
    Optional<String> heartbeatOf(String computer, String value) {
        if (value == null) {
            return Optional.empty();
        }
        int colon = value.indexOf(':');
        if (colon <= 0 || !Sequences.wellFormed(value.substring(0, colon))) {
            return Optional.empty();
        }
        String beat = value.substring(0, colon);
        return key.verifies("gather-alive-2\n" + computer + "\n" + beat, value.substring(colon + 1))
                ? Optional.of(beat)
                : Optional.empty();
    }
}
