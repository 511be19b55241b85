package dev.gather.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PasteReaderTest {
    private final PasteReader reader = new PasteReader();

    @Test
    void aPasteIsOneInputAndItsNewlinesAreText() {
        assertEquals(List.of(), reader.feed("\u001B[200~[Bob] (2):\n\nhello\r\nthere\u001B[201~"));
        assertEquals(List.of("[Bob] (2):\n\nhello\n\nthere"), reader.feed("\r"));
    }

    @Test
    void markersSplitAcrossReadsAreRecognised() {
        List<String> got = new ArrayList<>();
        String all = "\u001B[200~one\ntwo\u001B[201~\r";
        for (char c : all.toCharArray()) {
            got.addAll(reader.feed(String.valueOf(c)));
        }
        assertEquals(List.of("one\ntwo"), got);
    }

    @Test
    void typedInputWithBackspaceAndOtherEscapes() {
        assertEquals(List.of("hi", ""), reader.feed("hx\u007Fi\u001B[A\r\r"));
        assertEquals("ab", draftAfter("ab"));
    }

    private String draftAfter(String chunk) {
        reader.feed(chunk);
        return reader.draft();
    }
}
