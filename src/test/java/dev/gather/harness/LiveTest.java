package dev.gather.harness;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A test of a {@link Live} class. A class's explicit execution mode passes to its methods ahead of
 * its method orderer's, so without this the methods of a class running beside the suite would run
 * beside each other, out of order, on state they share.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Test
@Execution(ExecutionMode.SAME_THREAD)
@interface LiveTest {}
