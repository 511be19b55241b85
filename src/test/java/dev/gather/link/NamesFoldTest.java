package dev.gather.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Names that look alike in a pane fold alike (issue 35: {@code Ада} in Cyrillic was taken for {@code Ada}); looking alike is never being the same. */
class NamesFoldTest {
    @Test
    void namesDrawnAlikeInOtherScriptsFoldToOne() {
        for (String lookalike : List.of(
                "Ада", // Cyrillic А, д, а: the case
                "\u0410da",
                "ADA",
                "Ａｄａ", // full-width
                "\u0391da", // Greek capital alpha
                "Аdа",
                "Àdá")) {
            assertEquals(Names.fold("Ada"), Names.fold(lookalike), lookalike);
        }
        assertEquals(Names.fold("Bill"), Names.fold("BiII"));
        assertEquals(Names.fold("Bill"), Names.fold("Bi11"));
        assertEquals(Names.fold("Olga"), Names.fold("0lga"));
        assertEquals(Names.fold("Pёtr"), Names.fold("Petr"), "a mark does not hide a Cyrillic letter");
        assertNotEquals(Names.fold("Ada"), Names.fold("Bo"));
        assertNotEquals(Names.fold("Ada"), Names.fold("Adam"));
    }

    @Test
    void aLookalikeIsNotTheSameName() {
        assertTrue(Names.same("Ada", "ada"));
        assertTrue(Names.same("Ada", " Ada "));
        assertFalse(Names.same("Ada", "Ада"));
        assertFalse(Names.same("Ada", "\u0410da"));
    }
}
