package dev.gather.tmux;

import java.io.ByteArrayOutputStream;

/** Decodes the value of a control-mode {@code %output}: bytes below 0x20 and backslash come as {@code \ooo}. */
final class OctalEscapes {
    private OctalEscapes() {}

    /** {@code latin1} holds one raw byte per char, as read from tmux. */
    static byte[] decode(String latin1) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(latin1.length());
        int i = 0;
        while (i < latin1.length()) {
            char c = latin1.charAt(i);
            if (c == '\\' && isOctal(latin1, i + 1)) {
                out.write(Integer.parseInt(latin1.substring(i + 1, i + 4), 8));
                i += 4;
            } else {
                out.write((byte) c);
                i++;
            }
        }
        return out.toByteArray();
    }

    private static boolean isOctal(String s, int from) {
        for (int k = from; k < from + 3; k++) {
            if (k >= s.length() || s.charAt(k) < '0' || s.charAt(k) > '7') {
                return false;
            }
        }
        return true;
    }
}
