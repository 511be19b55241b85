package dev.gather.tmux;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * An in-memory tmux for tests: each pane runs a {@link Program} (a Java callback chosen by the
 * command's first word, {@code cat} by default) behind a tiny line editor, and every call is
 * recorded in {@link #events()}.
 */
public final class FakeTmux implements Tmux {
    /**
     * A fake pane's process id: above the largest pid Linux can give (2^22), so gather's look at the
     * pane's processes in /proc finds none. A small one (this machine recycles pids below 32768) was
     * at times a real process, a live test's Gemini, and the pane was taken for Gemini's.
     */
    static final int NO_PROCESS = (1 << 22) + 1000;

    /** What runs in a fake pane; it sees pasted text and submitted lines and may print or exit. */
    public interface Program {
        /** The user submitted the pending input with Enter. */
        void onSubmit(FakePane pane, String input);

        /** Text was pasted into the input (already echoed). */
        default void onPaste(FakePane pane, String text) {}

        /** Enter was pressed; false swallows it silently, as a busy TUI drops an early Enter. */
        default boolean takesEnter(FakePane pane) {
            return true;
        }

        /** C-d on an empty input; a program ends by default, like cat. */
        default void onEof(FakePane pane) {
            pane.exit();
        }
    }

    /** Like {@code cat} in a terminal: prints back every submitted line. */
    public static final Program CAT = (pane, input) -> pane.print(input + "\n");

    /** One call the code under test made. */
    public record Event(String kind, String paneId, String data) {}

    private boolean stalled;
    private int refusedCaptures;
    /** Run on the caller's thread before each look at a screen and each paste: where a test steps in. */
    private volatile Runnable beforeCapture = () -> {};

    private volatile Runnable beforePaste = () -> {};

    private volatile Runnable beforeWatch = () -> {};

    private final Map<String, Program> programs = new LinkedHashMap<>();
    private final Map<String, FakePane> panes = new LinkedHashMap<>();
    private final List<Event> events = new CopyOnWriteArrayList<>();
    private final List<Consumer<String>> exitSinks = new CopyOnWriteArrayList<>();
    private int next;
    private boolean serverAlive = true;

    /** Panes whose command starts with {@code name} run {@code program}. */
    public synchronized FakeTmux program(String name, Program program) {
        programs.put(name, program);
        return this;
    }

    public List<Event> events() {
        return List.copyOf(events);
    }

    public synchronized FakePane pane(String id) {
        FakePane p = panes.get(id);
        if (p == null) {
            throw new TmuxException(TmuxException.Kind.NO_PANE, "fake tmux: can't find pane: " + id);
        }
        return p;
    }

    @Override
    public synchronized Pane spawn(SpawnSpec spec) {
        serverAlive = true;
        String id = "%" + next++;
        Program program = programs.getOrDefault(spec.command().get(0), CAT);
        FakePane p = new FakePane(id, spec.session(), spec.command().get(0), program);
        panes.put(id, p);
        events.add(new Event("spawn", id, String.join(" ", spec.command())));
        return p.describe();
    }

    @Override
    public synchronized List<Pane> panes() {
        return panes.values().stream().map(FakePane::describe).toList();
    }

    @Override
    public synchronized boolean alive(String paneId) {
        return panes.containsKey(paneId);
    }

    @Override
    public String capture(String paneId, int historyLines) {
        beforeCapture.run();
        synchronized (this) {
            if (stalled) {
                refusedCaptures++;
                throw new TmuxException(TmuxException.Kind.TIMED_OUT, "fake tmux: capture-pane got no answer in 10 s");
            }
            return pane(paneId).screen.toString();
        }
    }

    /**
     * {@code step} runs on the looking thread, outside this server's lock, before every later look at
     * a screen: what happens meanwhile elsewhere, while tmux answers a look.
     */
    public void beforeCapture(Runnable step) {
        beforeCapture = step;
    }

    /** {@code step} runs on the pasting thread, outside this server's lock, before every later paste. */
    public void beforePaste(Runnable step) {
        beforePaste = step;
    }

    /** While {@code stalled}, every look at a screen times out, as a loaded tmux server's can. */
    public synchronized void stall(boolean stalled) {
        this.stalled = stalled;
    }

    /** How many looks at a screen timed out while stalled. */
    public synchronized int refusedCaptures() {
        return refusedCaptures;
    }

    @Override
    public void paste(String paneId, String text) {
        beforePaste.run();
        logged("paste", paneId, text).paste(text);
    }

    @Override
    public void sendKeys(String paneId, String... keys) {
        for (String key : keys) {
            logged("keys", paneId, key).key(key);
        }
    }

    /** Pane {@code paneId}, once what it is about to get is in the event log. */
    /** {@code step} runs on the watching thread, outside this server's lock, before every later watch of a pane's output. */
    public void beforeWatch(Runnable step) {
        beforeWatch = step;
    }

    private synchronized FakePane logged(String kind, String paneId, String what) {
        FakePane p = pane(paneId);
        events.add(new Event(kind, paneId, what));
        return p;
    }

    @Override
    public AutoCloseable onOutput(String paneId, Consumer<String> sink) {
        beforeWatch.run();
        FakePane p = pane(paneId);
        p.sinks.add(sink);
        return () -> p.sinks.remove(sink);
    }

    @Override
    public AutoCloseable onPaneExit(Consumer<String> sink) {
        exitSinks.add(sink);
        return () -> exitSinks.remove(sink);
    }

    @Override
    public void kill(String paneId) {
        synchronized (this) {
            pane(paneId);
            events.add(new Event("kill", paneId, ""));
        }
        remove(paneId);
    }

    @Override
    public void killServer() {
        List<String> ids;
        synchronized (this) {
            ids = new ArrayList<>(panes.keySet());
            serverAlive = false;
        }
        ids.forEach(this::remove);
    }

    public synchronized boolean serverAlive() {
        return serverAlive;
    }

    private void remove(String paneId) {
        synchronized (this) {
            if (panes.remove(paneId) == null) {
                return;
            }
        }
        exitSinks.forEach(s -> s.accept(paneId));
    }

    @Override
    public void close() {}

    /** A pane: its screen, its pending input line, and its program. */
    public final class FakePane {
        private final String id;
        private final String session;
        private final String command;
        private final Program program;
        private final StringBuilder screen = new StringBuilder();
        private final StringBuilder input = new StringBuilder();
        private final List<Consumer<String>> sinks = new CopyOnWriteArrayList<>();
        private final List<String> submitted = new CopyOnWriteArrayList<>();

        FakePane(String id, String session, String command, Program program) {
            this.id = id;
            this.session = session;
            this.command = command;
            this.program = program;
        }

        public String id() {
            return id;
        }

        /** Every line submitted with Enter, in order. */
        public List<String> submitted() {
            return List.copyOf(submitted);
        }

        /** Writes to the screen and to output listeners, as the program's output would. */
        public void print(String text) {
            synchronized (this) {
                screen.append(text);
            }
            sinks.forEach(s -> s.accept(text));
        }

        /** The program ends; the pane closes as with remain-on-exit off. */
        public void exit() {
            remove(id);
        }

        void paste(String text) {
            synchronized (this) {
                input.append(text);
            }
            print(text);
            program.onPaste(this, text);
        }

        void key(String key) {
            String line;
            synchronized (this) {
                if (key.equals("C-d") && input.length() == 0) {
                    line = null;
                } else if (key.equals("Enter")) {
                    if (!program.takesEnter(this)) {
                        return;
                    }
                    line = input.toString();
                    input.setLength(0);
                } else {
                    return;
                }
            }
            if (line == null) {
                program.onEof(this);
                return;
            }
            print("\n");
            submitted.add(line);
            program.onSubmit(this, line);
        }

        Pane describe() {
            return new Pane(id, session, NO_PROCESS + Integer.parseInt(id.substring(1)), command, false);
        }
    }
}
