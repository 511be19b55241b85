package dev.gather.tmux;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Base64;

/** A line-reading program for tests: records every line it reads (base64) in the file named by args[0]. */
public final class LineEcho {
    private LineEcho() {}

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        record(out, "READY");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.print("> ");
        System.out.flush();
        String line;
        while ((line = in.readLine()) != null) {
            record(out, "LINE " + Base64.getEncoder().encodeToString(line.getBytes(StandardCharsets.UTF_8)));
            System.out.print("got " + line.length() + " chars\n> ");
            System.out.flush();
        }
    }

    static void record(Path out, String entry) throws IOException {
        Files.writeString(
                out, entry + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
