package dev.gather.tmux;

class FakeTmuxContractTest extends TmuxContract {
    @Override
    Tmux open() {
        return new FakeTmux();
    }
}
