package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class SanitizerTest {
    @Test
    void keepsPlainTextNewlinesTabsAndUnicode() {
        assertEquals("héllo\n\tworld ✓ 😀", Sanitizer.sanitize("héllo\n\tworld ✓ 😀"));
    }

    @Test
    void removesWholeEscapeSequences() {
        assertEquals("redbold", Sanitizer.sanitize("\u001b[31mred\u001b[0m\u001b[1;2;3mbold"));
        assertEquals("ab", Sanitizer.sanitize("a\u001b]0;title\u0007b"));
        assertEquals("ab", Sanitizer.sanitize("a\u001b]8;;http://x\u001b\\b"));
        assertEquals("ab", Sanitizer.sanitize("a\u001bPq#0;1\u001b\\b"));
        assertEquals("ab", Sanitizer.sanitize("a\u001b_apc\u001b\\b\u001b^pm\u001b\\\u001bXsos\u001b\\"));
        assertEquals("ab", Sanitizer.sanitize("a\u001b7\u001b(Bb"));
        assertEquals("ab", Sanitizer.sanitize("a\u009b2Jb\u009d0;t\u009c"));
    }

    @Test
    void cannotEndABracketedPasteOrPressKeys() {
        String out = Sanitizer.sanitize("x\u001b[201~\u0003\u0004\u001a\u0008\u007f\u001b\ry");
        assertEquals("x\ny", out);
        assertFalse(out.chars().anyMatch(c -> c < 0x20 && c != '\n' && c != '\t'));
    }

    @Test
    void carriageReturnsBecomeNewlines() {
        assertEquals("a\nb\nc", Sanitizer.sanitize("a\r\nb\rc"));
    }

    @Test
    void invalidUtf8AndLoneSurrogatesBecomeReplacementCharacters() {
        assertEquals("ok\uFFFD(\uFFFD", Sanitizer.sanitize(new byte[] {'o', 'k', (byte) 0xc3, '(', (byte) 0xff}));
        assertEquals("a\uFFFDb", Sanitizer.sanitize("a\ud800b"));
    }

    @Test
    void anUnterminatedControlStringSwallowsTheRest() {
        assertEquals("safe", Sanitizer.sanitize("safe\u001b]0;never ends"));
    }

    @Test
    void dropsBidiOverridesAndZeroWidthCharacters() {
        String hidden = "a\u202Eb\u202Ac\u2066d\u2069e\u200Bf\u200Dg\u200Fh\u2060i\uFEFFj\u061Ck";
        assertEquals("abcdefghijk", Sanitizer.sanitize(hidden));
        assertEquals("keeps é, 日本 and 😀", Sanitizer.sanitize("keeps é, 日本 and 😀"));
    }
}
