package dev.gather.gathering;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A value worked out at the first call and kept: a second caller meanwhile waits for the first one's
 * answer instead of working it out again. A failed first call is not kept; the next one tries again.
 */
final class Once<T> implements Supplier<T> {
    private final Supplier<T> work;
    private T value;

    Once(Supplier<T> work) {
        this.work = Objects.requireNonNull(work, "work");
    }

    @Override
    public synchronized T get() {
        if (value == null) {
            value = Objects.requireNonNull(work.get(), "value");
        }
        return value;
    }
}
