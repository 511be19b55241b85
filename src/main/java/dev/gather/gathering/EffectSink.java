package dev.gather.gathering;

/** Executes the effects of one gathering, in order. */
@FunctionalInterface
public interface EffectSink {
    void accept(Effect effect);
}
