package dev.gather.cli;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Writes the AsciiDoc man pages ({@code make dist}; asciidoctor turns them into gather.1 …) from the
 * commands as gather runs them, not as picocli-codegen would rebuild them from the classes: each page
 * has its own examples only, and gather(1) lists its commands under the headings of {@code gather --help}.
 * picocli-codegen is on the class path only when the Makefile runs this, so it is reached by name.
 */
public final class ManPages {
    private ManPages() {}

    /** {@code ManPages DIR}: the pages into DIR. */
    public static void main(String[] args) throws Exception {
        File dir = new File(args[0]);
        CommandSpec root = Main.commandLine().getCommandSpec();
        Class.forName("picocli.codegen.docgen.manpage.ManPageGenerator")
                .getMethod(
                        "generateManPage", File.class, File.class, boolean[].class, boolean.class, CommandSpec[].class)
                .invoke(null, dir, null, new boolean[0], true, new CommandSpec[] {root});
        try (var pages = Files.list(dir.toPath())) {
            for (Path page : pages.filter(p -> p.toString().endsWith(".adoc")).toList()) {
                // the footer's heading is written as help prints it ("%nExamples:%n"); a man page's is a word
                Files.writeString(
                        page, examples(Files.readString(page, StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
            }
        }
        Path top = dir.toPath().resolve("gather.adoc");
        Files.writeString(top, grouped(Files.readString(top, StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
    }

    /**
     * {@code page} with its examples as a literal block: one line each, never filled or wrapped by man
     * (picocli-codegen writes them as a paragraph with hard breaks, which man still wraps at its width).
     */
    static String examples(String page) {
        String heading = "==  Examples:\n\n[%hardbreaks]\n";
        int at = page.indexOf(heading);
        if (at < 0) {
            return page;
        }
        int from = at + heading.length();
        int to = page.indexOf("\n\n", from);
        return page.substring(0, at) + "== Examples\n\n....\n" + page.substring(from, to) + "\n...."
                + page.substring(to);
    }

    /** gather.adoc with its Commands section in the groups and order of {@code gather --help}. */
    static String grouped(String page) {
        String start = "== Commands\n";
        String end = "// end::picocli-generated-man-section-commands[]";
        int from = page.indexOf(start);
        int to = page.indexOf(end);
        if (from < 0 || to < 0) {
            throw new IllegalStateException("gather.adoc has no Commands section to group");
        }
        Map<String, String> entries = new LinkedHashMap<>();
        for (String entry : page.substring(from + start.length(), to).split("\n(?=xref:)")) {
            String e = entry.strip();
            if (!e.isEmpty()) {
                entries.put(e.replaceFirst("(?s)^xref:gather-([a-z-]+)\\.adoc.*", "$1"), e);
            }
        }
        entries.putIfAbsent("help", "");
        StringBuilder out = new StringBuilder(start);
        List<String> missing = new ArrayList<>(entries.keySet());
        for (var group : CommandGroups.GROUPS.entrySet()) {
            out.append("\n=== ").append(group.getKey()).append("\n\n");
            for (String name : group.getValue()) {
                String e = entries.get(name);
                if (e == null) {
                    throw new IllegalStateException("gather.adoc lists no command " + name);
                }
                missing.remove(name);
                if (!e.isEmpty()) {
                    out.append(e).append("\n\n");
                }
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException("commands in no group of gather --help: " + missing);
        }
        return page.substring(0, from) + out + page.substring(to);
    }
}
