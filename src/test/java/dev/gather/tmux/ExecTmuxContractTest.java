package dev.gather.tmux;

class ExecTmuxContractTest extends TmuxContract {
    private final PrivateServer server = new PrivateServer();

    @Override
    Tmux open() {
        return new ExecTmux(server.config);
    }

    @Override
    void cleanUp() {
        server.kill();
    }
}
