package dev.gather.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A slow class that runs beside the others: it has its own home, tmux server and daemon, and spends its
 * time waiting on other processes (a daemon, sims, a browser), so the suite's few lanes
 * (junit-platform.properties) take it while the in-process classes run one at a time.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
@Slow
public @interface Beside {}
