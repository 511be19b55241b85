package dev.gather.daemon;

import dev.gather.gathering.Effect;
import dev.gather.gathering.EffectSink;
import dev.gather.journal.Journal;
import dev.gather.link.Link;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Executes one gathering's effects: relays, private prompts, announcements, journal, harvest file. */
final class EffectRunner implements EffectSink {
    private final Relay relay;
    private final Link link;
    private final Path harvestFile;

    EffectRunner(Relay relay, Link link, Path harvestFile) {
        this.relay = relay;
        this.link = link;
        this.harvestFile = harvestFile;
    }

    @Override
    public void accept(Effect effect) {
        if (effect instanceof Effect.Relay r) {
            relay.relay(link, r.from(), r.text(), "relay");
        } else if (effect instanceof Effect.Inject i) {
            relay.inject(link, i.to(), i.text(), i.kind());
        } else if (effect instanceof Effect.Announce a) {
            relay.announce(link, a.text(), a.kind(), a.about());
        } else if (effect instanceof Effect.OutOfTurn o) {
            relay.journal(link)
                    .append(Journal.entry("out_of_turn")
                            .put("link", link.id())
                            .put("from", o.from().name())
                            .put("text", o.text()));
        } else if (effect instanceof Effect.HarvestStored h) {
            try {
                Files.writeString(harvestFile, h.text() + "\n");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write harvest " + harvestFile, e);
            }
            relay.journal(link)
                    .append(Journal.entry("harvest")
                            .put("link", link.id())
                            .put("from", h.by().name())
                            .put("file", harvestFile.toString())
                            .put("text", h.text()));
        } else if (effect instanceof Effect.Closed c) {
            relay.close(link, c.reason());
        }
    }
}
