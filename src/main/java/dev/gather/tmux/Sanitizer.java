package dev.gather.tmux;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Makes relayed text inert before it is typed into a terminal: escape sequences (CSI, OSC, DCS,
 * SOS, PM, APC and two-byte ESC sequences) are removed whole, C0/C1 controls other than newline
 * and tab are dropped, CR and CRLF become LF, and broken UTF-16 or UTF-8 becomes U+FFFD. What is
 * left cannot end a bracketed paste early ({@code ESC [201~}) or act as a key. Characters that
 * change how text looks without showing themselves are dropped too: bidirectional overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069, U+061C), zero-width ones (U+200B–U+200F, U+2060–U+2064,
 * U+FEFF) and the rest of Unicode's default-ignorable characters: soft hyphen, combining grapheme
 * joiner, Hangul and Mongolian fillers, variation selectors and tag characters. So what a reader
 * sees is what was written (a line cannot hide or reorder a name), and no invisible text rides
 * along to a model (tag characters spell ASCII that a model reads and a person does not see).
 */
public final class Sanitizer {
    private static final int ESC = 0x1b;
    private static final int BEL = 0x07;
    private static final int ST = 0x9c;

    private Sanitizer() {}

    /** Decodes bytes that claim to be UTF-8 (invalid sequences become U+FFFD), then sanitizes. */
    public static String sanitize(byte[] utf8) {
        try {
            return sanitize(StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)
                    .decode(ByteBuffer.wrap(utf8))
                    .toString());
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("a replacing decoder cannot fail", e);
        }
    }

    public static String sanitize(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            int c = text.codePointAt(i);
            int width = Character.charCount(c);
            if (c == ESC) {
                i = skipEscape(text, i + 1);
                continue;
            }
            if (c == 0x9b) {
                i = skipCsi(text, i + 1);
                continue;
            }
            if (c == 0x90 || c == 0x98 || c == 0x9d || c == 0x9e || c == 0x9f) {
                i = skipString(text, i + 1);
                continue;
            }
            if (c == '\r') {
                out.append('\n');
                i += (i + 1 < text.length() && text.charAt(i + 1) == '\n') ? 2 : 1;
                continue;
            }
            if (invisible(c)) {
                i += width;
                continue;
            }
            if (Character.isSurrogate((char) c)) {
                out.append('\uFFFD');
            } else if (c == '\n' || c == '\t' || !(c < 0x20 || (c >= 0x7f && c <= 0x9f))) {
                out.appendCodePoint(c);
            }
            i += width;
        }
        return out.toString();
    }

    /** Whether {@code c} is drawn as nothing (Unicode's Default_Ignorable_Code_Point, less none). */
    public static boolean invisible(int c) {
        return (c >= 0x202A && c <= 0x202E)
                || (c >= 0x2060 && c <= 0x206F)
                || (c >= 0x200B && c <= 0x200F)
                || c == 0xFEFF
                || c == 0x061C
                || c == 0x00AD // soft hyphen
                || c == 0x034F // combining grapheme joiner
                || c == 0x115F
                || c == 0x1160
                || c == 0x3164
                || c == 0xFFA0 // Hangul fillers
                || (c >= 0x17B4 && c <= 0x17B5)
                || (c >= 0x180B && c <= 0x180F) // Mongolian variation selectors and vowel separator
                || (c >= 0xFE00 && c <= 0xFE0F)
                || (c >= 0xE0100 && c <= 0xE01EF) // variation selectors
                || (c >= 0x1BCA0 && c <= 0x1BCA3)
                || (c >= 0x1D173 && c <= 0x1D17A)
                || (c >= 0xE0000 && c <= 0xE0FFF); // tag characters and the rest of their plane's block
    }

    /** {@code from} is just after ESC. */
    private static int skipEscape(String s, int from) {
        if (from >= s.length()) {
            return from;
        }
        char c = s.charAt(from);
        switch (c) {
            case '[':
                return skipCsi(s, from + 1);
            case ']':
            case 'P':
            case 'X':
            case '^':
            case '_':
                return skipString(s, from + 1);
            default:
                int i = from;
                while (i < s.length() && s.charAt(i) >= 0x20 && s.charAt(i) <= 0x2f) {
                    i++; // intermediate bytes of an nF sequence
                }
                return i < s.length() && s.charAt(i) >= 0x30 && s.charAt(i) <= 0x7e ? i + 1 : i;
        }
    }

    /** Parameters and intermediates up to and including the final byte (0x40–0x7E). */
    private static int skipCsi(String s, int from) {
        int i = from;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c >= 0x40 && c <= 0x7e) {
                return i + 1;
            }
            if (c < 0x20 || c > 0x3f) {
                return i; // malformed: stop here and let the main loop judge this char
            }
            i++;
        }
        return i;
    }

    /** A control string (OSC, DCS, …) runs to BEL, ESC \ or ST; unterminated, it swallows the rest. */
    private static int skipString(String s, int from) {
        int i = from;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == BEL || c == ST) {
                return i + 1;
            }
            if (c == ESC) {
                return i + 1 < s.length() && s.charAt(i + 1) == '\\' ? i + 2 : i + 1;
            }
            i++;
        }
        return i;
    }
}
