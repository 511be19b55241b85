package dev.gather.tmux;

class ControlModeRealProgramDeliveryTest extends RealProgramDeliveryTest {
    @Override
    Tmux open(TmuxConfig config) {
        return ControlModeTmux.connect(config);
    }
}
