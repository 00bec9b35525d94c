package io.kvbench.crash;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What one writer process printed (its ledger), parsed. Only complete ledger lines count: a line must start with the
 * prefix and end with the terminator, so engine chatter and a line cut short are ignored.
 *
 * @param openNanos     how long opening (recovering) the store took, -1 if it never opened
 * @param failure       OPEN-FAILED / READ-FAILED / WRITE-FAILED with its message, or null
 * @param verified      the recovered state was printed completely
 * @param state         per key index: the seq of the operation whose value it holds, {@link #ABSENT} or {@link #CORRUPT}
 * @param foreignKeys   keys found by a scan that the stream never wrote (hex)
 * @param ready         writes started
 * @param lastWritten   highest acknowledged operation (-1: none)
 * @param lastFlushed   highest operation followed by a completed flush() (-1: none)
 * @param acknowledged  how many W lines there were
 * @param done          the writer finished and closed the store cleanly
 */
record WriterOutput(long openNanos, String failure, boolean verified, long[] state, List<String> foreignKeys,
                    boolean ready, long lastWritten, long lastFlushed, long acknowledged, boolean done) {

    static final long ABSENT = -1;
    static final long CORRUPT = -2;

    static WriterOutput parse(String stdout, int keySpace) {
        long openNanos = -1;
        String failure = null;
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
                case WriterProtocol.OPEN_FAILED, WriterProtocol.READ_FAILED, WriterProtocol.WRITE_FAILED ->
                        failure = f[0] + " " + body.substring(f[0].length()).trim();
                default -> throw new IllegalArgumentException("unknown ledger line: " + line);
            }
        }
        return new WriterOutput(openNanos, failure, verified, state, List.copyOf(foreign), ready, lastWritten, lastFlushed,
                acknowledged, done);
    }

    private static int index(String text, int keySpace) {
        int index = Integer.parseInt(text);
        if (index < 0 || index >= keySpace) throw new IllegalArgumentException("key index " + index + " outside 0.." + (keySpace - 1));
        return index;
    }

    boolean openFailed() {
        return failure != null && failure.startsWith(WriterProtocol.OPEN_FAILED);
    }
}
