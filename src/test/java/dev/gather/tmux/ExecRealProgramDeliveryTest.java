package dev.gather.tmux;

class ExecRealProgramDeliveryTest extends RealProgramDeliveryTest {
    @Override
    Tmux open(TmuxConfig config) {
        return new ExecTmux(config);
    }
}
