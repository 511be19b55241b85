package dev.gather.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

class SimTest {
    @Test
    void answersEachSubmittedInputInOrderAndReportsEachTurnEnd() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream screen = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        List<String> turnEnds = new CopyOnWriteArrayList<>();
        Sim sim = new Sim(
                new SimAgent("Ada", Optional.empty(), 0),
                Duration.ofMillis(1),
                screen,
                turnEnds::add,
                Executors.newSingleThreadScheduledExecutor());
        // run() returns only after every scheduled answer was given (end of input drains the mind)
        sim.run(new StringReader("\u001B[200~first\nline\u001B[201~\r\rsecond\r"));
        assertEquals(List.of("Ada heard \"first line\" — reply #1", "Ada heard \"second\" — reply #2"), turnEnds);
        String shown = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(shown.startsWith(Sim.PASTE_ON + "\nAda> "), shown);
        assertTrue(shown.contains("first\nline"), shown);
        assertTrue(shown.endsWith("Ada> " + Sim.PASTE_OFF), shown);
    }
}
