package dev.gather.tmux;

import dev.gather.testing.Slow;

@Slow
class ExecRealProgramDeliveryTest extends RealProgramDeliveryTest {
    @Override
    Tmux open(TmuxConfig config) {
        return new ExecTmux(config);
    }
}
