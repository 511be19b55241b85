package dev.gather.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A class that takes seconds, not milliseconds: it starts JVMs, daemons, real harnesses or browsers, or
 * waits out a product's own timers. {@code make test} runs it; {@code make check}, the two-minute lane
 * for every change, leaves it out.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("slow")
public @interface Slow {}
