package dev.gather.tmux;

class ControlModeTmuxContractTest extends TmuxContract {
    private final PrivateServer server = new PrivateServer();

    @Override
    Tmux open() {
        return ControlModeTmux.connect(server.config);
    }

    @Override
    void cleanUp() {
        server.kill();
    }
}
