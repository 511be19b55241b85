package dev.gather.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
