package dev.gather.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MetricTest {
    @Test
    void ratioIsBaselineOverValueWhenLowerIsBetter() {
        Metric m = Metric.vs("latency", "ms", 10, 1000, "");
        assertEquals(100.0, m.ratio().getAsDouble(), 1e-9);
    }

    @Test
    void noBaselineMeansNoRatio() {
        assertTrue(Metric.of("lint", "ms", 5, "").ratio().isEmpty());
    }

    @Test
    void aHeadlineFailsOnlyPastTwiceItsLimit() {
        assertFalse(Metric.of("p99", "ms", 99, "p99 < 50 ms").headline(50).missed(), "within the margin");
        assertFalse(Metric.of("p99", "ms", 100, "p99 < 50 ms").headline(50).missed(), "at the margin");
        assertTrue(Metric.of("p99", "ms", 166, "p99 < 50 ms").headline(50).missed(), "the settle regression");
    }

    @Test
    void aRowWithoutALimitNeverFails() {
        assertFalse(Metric.of("p99", "ms", 1e9, "p99 < 50 ms").missed());
    }

    @Test
    void aThroughputFailsBelowHalfItsLimit() {
        assertFalse(
                Metric.atLeast("rate", "msg/s", 60, "≥ 100 msg/s").headline(100).missed());
        assertTrue(
                Metric.atLeast("rate", "msg/s", 40, "≥ 100 msg/s").headline(100).missed());
    }
}
