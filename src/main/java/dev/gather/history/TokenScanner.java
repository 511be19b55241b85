package dev.gather.history;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Counts keyword occurrences in raw bytes in one pass: words are runs of ASCII letters and digits
 * (and any non-ASCII byte, so UTF-8 words stay whole), compared case-blind by hash, then verified.
 * No decoding, no regex, no allocation per word: this is what makes thousands of files cheap.
 */
final class TokenScanner {
    /** Each byte's lowercase form when it belongs to a word, 0 when it separates words: one lookup per byte. */
    private static final byte[] WORD_BYTE = new byte[256];

    static {
        for (int b = 0; b < 256; b++) {
            if (b >= 'A' && b <= 'Z') {
                WORD_BYTE[b] = (byte) (b + 32);
            } else if ((b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') || b >= 0x80) {
                WORD_BYTE[b] = (byte) b;
            }
        }
    }

    private final byte[][] words;
    private final long[] hashes;

    TokenScanner(List<String> keywords) {
        words = new byte[keywords.size()][];
        hashes = new long[keywords.size()];
        for (int i = 0; i < words.length; i++) {
            words[i] = keywords.get(i).toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8);
            long h = 0;
            for (byte b : words[i]) {
                h = h * 31 + b;
            }
            hashes[i] = h;
        }
    }

    int size() {
        return words.length;
    }

    /** Adds to {@code counts[k]} every whole-word occurrence of keyword k in {@code data[0, length)}. */
    void count(byte[] data, int length, int[] counts) {
        int start = -1;
        long h = 0;
        for (int i = 0; i < length; i++) {
            byte b = WORD_BYTE[data[i] & 0xff];
            if (b != 0) {
                if (start < 0) {
                    start = i;
                    h = 0;
                }
                h = h * 31 + b;
            } else if (start >= 0) {
                match(data, start, i, h, counts);
                start = -1;
            }
        }
        if (start >= 0) {
            match(data, start, length, h, counts);
        }
    }

    private void match(byte[] data, int from, int to, long h, int[] counts) {
        for (int k = 0; k < hashes.length; k++) {
            if (hashes[k] == h && same(data, from, to, words[k])) {
                counts[k]++;
            }
        }
    }

    private static boolean same(byte[] data, int from, int to, byte[] word) {
        if (to - from != word.length) {
            return false;
        }
        for (int i = 0; i < word.length; i++) {
            if (WORD_BYTE[data[from + i] & 0xff] != word[i]) {
                return false;
            }
        }
        return true;
    }
}
