package dev.gather.tmux;

import dev.gather.testing.Slow;

@Slow
class ControlModeRealProgramDeliveryTest extends RealProgramDeliveryTest {
    @Override
    Tmux open(TmuxConfig config) {
        return ControlModeTmux.connect(config);
    }
}
