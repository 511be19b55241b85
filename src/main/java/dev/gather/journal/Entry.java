package dev.gather.journal;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * One journal entry: what a restarted daemon resumes from and what {@code events} streams to
 * programs. Each kind is a record; its JSON (written and read by {@link Entries}, one field per
 * component in snake case, {@code kind} and {@code time} added) is specified by
 * schemas/journal.schema.json, which a test holds to these records. A component annotated
 * {@code @JsonInclude} may be absent from a line; every other one is always written, and an entry
 * without one (a list or map aside, read as empty) is neither written nor read ({@link Required}).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "kind")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Message.Relay.class, name = "relay"),
    @JsonSubTypes.Type(value = Message.Announce.class, name = "announce"),
    @JsonSubTypes.Type(value = Message.Private.class, name = "private"),
    @JsonSubTypes.Type(value = Message.Notice.class, name = "notice"),
    @JsonSubTypes.Type(value = Message.Oneshot.class, name = "oneshot"),
    @JsonSubTypes.Type(value = Message.Reply.class, name = "reply"),
    @JsonSubTypes.Type(value = Message.Remote.class, name = "remote"),
    @JsonSubTypes.Type(value = Delivery.class, name = "delivery"),
    @JsonSubTypes.Type(value = Lifecycle.Start.class, name = "start"),
    @JsonSubTypes.Type(value = Lifecycle.Handshake.class, name = "handshake"),
    @JsonSubTypes.Type(value = Lifecycle.Join.class, name = "join"),
    @JsonSubTypes.Type(value = Lifecycle.Left.class, name = "left"),
    @JsonSubTypes.Type(value = Lifecycle.Away.class, name = "away"),
    @JsonSubTypes.Type(value = Lifecycle.Resumed.class, name = "resumed"),
    @JsonSubTypes.Type(value = Lifecycle.Interrupted.class, name = "interrupted"),
    @JsonSubTypes.Type(value = Lifecycle.Close.class, name = "close"),
    @JsonSubTypes.Type(value = Kept.OutOfTurn.class, name = "out_of_turn"),
    @JsonSubTypes.Type(value = Kept.Late.class, name = "late"),
    @JsonSubTypes.Type(value = Kept.Harvest.class, name = "harvest"),
    @JsonSubTypes.Type(value = Kept.Duplicate.class, name = "duplicate"),
    @JsonSubTypes.Type(value = Kept.Pass.class, name = "pass"),
    @JsonSubTypes.Type(value = Kept.Take.class, name = "take"),
    @JsonSubTypes.Type(value = Audit.Operator.class, name = "operator"),
    @JsonSubTypes.Type(value = Audit.OnBehalf.class, name = "on_behalf"),
    @JsonSubTypes.Type(value = Audit.Refused.class, name = "refused"),
    @JsonSubTypes.Type(value = Audit.Rejected.class, name = "rejected"),
    @JsonSubTypes.Type(value = Audit.SpawnRefused.class, name = "spawn_refused"),
    @JsonSubTypes.Type(value = Spawns.Spawned.class, name = "spawned"),
    @JsonSubTypes.Type(value = Spawns.Ended.class, name = "ended")
})
public sealed interface Entry permits Message, Delivery, Lifecycle, Kept, Audit, Spawns {
    /** The entry's {@code kind} as the journal writes it. */
    @JsonIgnore
    default String kind() {
        return Entries.kindOf(getClass());
    }

    /**
     * Its machine name in the event stream ({@code gather events}): the kind, unless the kind alone
     * does not say what happened (an announcement of a turn is the piece moving).
     */
    @JsonIgnore
    default String event() {
        return kind();
    }
}
