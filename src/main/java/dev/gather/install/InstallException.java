package dev.gather.install;

/** A config file gather cannot safely change; the message names the file and what to do. */
public final class InstallException extends Exception {
    private static final long serialVersionUID = 1L;

    public InstallException(String message) {
        super(message);
    }
}
