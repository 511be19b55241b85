package dev.gather.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** A daemon in memory: canned answers per op, every call recorded, refusals and outages on demand. */
final class FakeDaemon implements DaemonCalls {
    static final ObjectMapper JSON = new ObjectMapper();

    record Call(String op, ObjectNode args) {}

    /** What the fake does for one op. */
    interface Answer {
        ObjectNode apply(ObjectNode args) throws CallFailed;
    }

    final List<Call> calls = new CopyOnWriteArrayList<>();
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();

    FakeDaemon answer(String op, String json) {
        answers.put(op, args -> read(json));
        return this;
    }

    FakeDaemon answer(String op, Answer answer) {
        answers.put(op, answer);
        return this;
    }

    @Override
    public ObjectNode call(String op, ObjectNode args) throws CallFailed {
        calls.add(new Call(op, args.deepCopy()));
        Answer a = answers.get(op);
        if (a == null) {
            // what the real dispatcher answers for an op it does not know
            throw CallFailed.refused("unknown op '" + op + "'; known: hello, send");
        }
        return a.apply(args);
    }

    Call last() {
        return calls.get(calls.size() - 1);
    }

    static ObjectNode read(String json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(json, e);
        }
    }
}
