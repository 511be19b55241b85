package dev.gather.harness;

import dev.gather.testing.Slow;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A class of live harness tests: it runs beside the rest of the suite (see junit-platform.properties),
 * so each of its methods must be a {@link LiveTest} to keep them in order on the class's one thread.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
@Slow
@interface Live {}
