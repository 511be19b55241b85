package dev.gather.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;

/** A tool by its name and the daemon op it calls; each tool says only how it asks and how it reads. */
abstract class Tool implements GatherTool {
    static final ObjectMapper JSON = new ObjectMapper();

    private final String name;
    private final String op;

    Tool(String name, String op) {
        this.name = name;
        this.op = op;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String op() {
        return op;
    }
}
