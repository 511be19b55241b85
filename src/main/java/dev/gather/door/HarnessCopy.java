package dev.gather.door;

/**
 * Words as a harness keeps its copy of them (its transcript, its hook's prompt): the same as what was
 * typed or handed but for line endings and runs of blanks. Compared in this form wherever gather looks
 * for its own words in a harness's record.
 */
public final class HarnessCopy {
    private HarnessCopy() {}

    /** {@code text} with line endings and runs of blanks made single spaces, surrounding blanks gone. */
    public static String normal(String text) {
        return text.replace("\r\n", "\n").replace('\r', '\n').strip().replaceAll("\\s+", " ");
    }
}
