package io.kvbench.crash;

import io.kvbench.input.BadInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What one writer process printed (its ledger), parsed. Only complete ledger lines count: a line must start with the
 * prefix and end with the terminator, so engine chatter and a line cut short are ignored.
 *
 * @param recovered  what the writer found when it opened the store
 * @param writes     what it wrote afterwards
 * @param failedStep the open, read or write that failed, or null
 */
record WriterOutput(Recovered recovered, Writes writes, FailedStep failedStep) {

    static final long ABSENT = -1;
    static final long CORRUPT = -2;

    /**
     * The recovered state.
     *
     * @param openNanos   how long opening (recovering) the store took, -1 if it never opened
     * @param verified    the recovered state was printed completely
     * @param state       per key index: the seq of the operation whose value it holds, {@link #ABSENT} or
     *                    {@link #CORRUPT}
     * @param foreignKeys keys found by a scan that the stream never wrote (hex)
     */
    record Recovered(long openNanos, boolean verified, long[] state, List<String> foreignKeys) {
    }

    /**
     * The writes after the recovered state was printed.
     *
     * @param ready        writes started
     * @param lastWritten  highest acknowledged operation (-1: none)
     * @param lastFlushed  highest operation followed by a completed flush() (-1: none)
     * @param acknowledged how many W lines there were
     * @param done         the writer finished and closed the store cleanly
     */
    record Writes(boolean ready, long lastWritten, long lastFlushed, long acknowledged, boolean done) {
        static final Writes NONE = new Writes(false, -1, -1, 0, false);
    }

    /** Which step of the writer failed. */
    enum Stage { OPEN, READ, WRITE }

    /**
     * A failure line.
     *
     * @param stage   open, read (the recovered state) or write (an operation or flush)
     * @param message the writer's line after its type: the engine's exception, for people
     */
    record FailedStep(Stage stage, String message) {
        @Override
        public String toString() {
            String type = switch (stage) {
                case OPEN -> WriterProtocol.OPEN_FAILED;
                case READ -> WriterProtocol.READ_FAILED;
                case WRITE -> WriterProtocol.WRITE_FAILED;
            };
            return type + " " + message;
        }
    }

    static WriterOutput parse(String stdout, int keySpace) {
        long openNanos = -1;
        FailedStep failedStep = null;
        boolean verified = false;
        long[] state = new long[keySpace];
        Arrays.fill(state, ABSENT);
        List<String> foreign = new ArrayList<>();
        boolean ready = false;
        long lastWritten = -1;
        long lastFlushed = -1;
        long acknowledged = 0;
        boolean done = false;
        for (String line : stdout.split("\n")) {
            if (!line.startsWith(WriterProtocol.PREFIX) || !line.endsWith(WriterProtocol.END)) continue;
            String body = line.substring(WriterProtocol.PREFIX.length(), line.length() - WriterProtocol.END.length());
            String[] f = body.split(" ", 3);
            String rest = body.substring(f[0].length()).trim();
            switch (f[0]) {
                case WriterProtocol.WRITTEN -> {
                    lastWritten = Math.max(lastWritten, Long.parseLong(f[1]));
                    acknowledged++;
                }
                case WriterProtocol.FLUSHED -> lastFlushed = Math.max(lastFlushed, Long.parseLong(f[1]));
                case WriterProtocol.KEY -> state[index(f[1], keySpace)] = Long.parseLong(f[2]);
                case WriterProtocol.CORRUPT -> state[index(f[1], keySpace)] = CORRUPT;
                case WriterProtocol.FOREIGN -> foreign.add(f[1]);
                case WriterProtocol.OPENED -> openNanos = Long.parseLong(f[1]);
                case WriterProtocol.VERIFIED -> verified = true;
                case WriterProtocol.READY -> ready = true;
                case WriterProtocol.DONE -> done = true;
                case WriterProtocol.STARTED -> { } // checked where the writer ran (Writers.run)
                case WriterProtocol.OPEN_FAILED -> failedStep = new FailedStep(Stage.OPEN, rest);
                case WriterProtocol.READ_FAILED -> failedStep = new FailedStep(Stage.READ, rest);
                case WriterProtocol.WRITE_FAILED -> failedStep = new FailedStep(Stage.WRITE, rest);
                default -> throw new BadInputException("unknown ledger line: " + line);
            }
        }
        return new WriterOutput(new Recovered(openNanos, verified, state, List.copyOf(foreign)),
                new Writes(ready, lastWritten, lastFlushed, acknowledged, done), failedStep);
    }

    private static int index(String text, int keySpace) {
        int index = Integer.parseInt(text);
        if (index < 0 || index >= keySpace) {
            throw new BadInputException("key index " + index + " outside 0.." + (keySpace - 1));
        }
        return index;
    }

    boolean failedAt(Stage stage) {
        return failedStep != null && failedStep.stage() == stage;
    }

    boolean openFailed() {
        return failedAt(Stage.OPEN);
    }

    long openNanos() {
        return recovered.openNanos();
    }

    boolean verified() {
        return recovered.verified();
    }

    long[] state() {
        return recovered.state();
    }

    List<String> foreignKeys() {
        return recovered.foreignKeys();
    }

    boolean ready() {
        return writes.ready();
    }

    long lastWritten() {
        return writes.lastWritten();
    }

    long lastFlushed() {
        return writes.lastFlushed();
    }

    long acknowledged() {
        return writes.acknowledged();
    }

    boolean done() {
        return writes.done();
    }
}
