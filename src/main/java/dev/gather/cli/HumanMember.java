package dev.gather.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Option;

/** {@code --as NAME}: act on a gathering as its human member, from a terminal that is no member's pane. */
final class HumanMember {
    @Option(names = "--as")
    String name;

    /** Puts the member's name into {@code request} when one was given. */
    void into(ObjectNode request) {
        if (name != null) {
            request.put("as", name);
        }
    }
}
