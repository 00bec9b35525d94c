package io.kvbench.crash;

/**
 * The lines a crash writer prints on stdout, its ledger. Each line is written with one write(2) of well under
 * PIPE_BUF bytes, so a kill never leaves half a line in the pipe; the terminating {@code #} still guards against a
 * truncated number being read as a smaller one. Lines without the prefix (engine chatter) are ignored.
 *
 * <pre>
 * kvcrash STARTED #                      the writer's JVM runs (first, before the engine is loaded)
 * kvcrash OPENED &lt;nanos&gt; #              the store opened (recovered) in that time
 * kvcrash OPEN-FAILED &lt;message&gt; #        it did not
 * kvcrash KEY &lt;keyIndex&gt; &lt;seq&gt; #         a crash key holds exactly the value operation seq wrote to it
 * kvcrash CORRUPT &lt;keyIndex&gt; &lt;length&gt; #   a crash key holds a value never written to it
 * kvcrash FOREIGN &lt;hex key&gt; #            a scan found a key the stream never wrote
 * kvcrash READ-FAILED &lt;message&gt; #        reading the recovered state failed
 * kvcrash VERIFIED &lt;keys present&gt; #      end of the recovered state
 * kvcrash READY #                        writes start now (with ready-at-open: the open starts now)
 * kvcrash W &lt;seq&gt; #                     operation seq returned (acknowledged)
 * kvcrash F &lt;seq&gt; #                     flush() returned after operation seq
 * kvcrash WRITE-FAILED &lt;seq&gt; &lt;message&gt; #  operation or flush seq failed
 * kvcrash DONE #                         every operation written, store closed cleanly
 * </pre>
 */
final class WriterProtocol {

    static final String PREFIX = "kvcrash ";
    static final String END = " #";

    static final String STARTED = "STARTED";
    static final String OPENED = "OPENED";
    static final String OPEN_FAILED = "OPEN-FAILED";
    static final String KEY = "KEY";
    static final String CORRUPT = "CORRUPT";
    static final String FOREIGN = "FOREIGN";
    static final String READ_FAILED = "READ-FAILED";
    static final String VERIFIED = "VERIFIED";
    static final String READY = "READY";
    static final String WRITTEN = "W";
    static final String FLUSHED = "F";
    static final String WRITE_FAILED = "WRITE-FAILED";
    static final String DONE = "DONE";

    /** Exit codes of the writer process besides 0 (DONE) and 137 (killed). */
    static final int EXIT_OPEN_FAILED = 4;
    static final int EXIT_WRITE_FAILED = 5;
    static final int EXIT_READ_FAILED = 6;

    private WriterProtocol() {
    }

    static String line(String type, Object... fields) {
        StringBuilder line = new StringBuilder(PREFIX).append(type);
        for (Object field : fields) line.append(' ').append(field);
        return line.append(END).toString();
    }

    /** Whether the ledger says the writer's JVM ran: else it did not start (no JVM, no memory, no disk). */
    static boolean started(String ledger) {
        String started = line(STARTED);
        return ledger.lines().anyMatch(started::equals);
    }

    /** A message on one line: a newline inside it would end the ledger line early. */
    static String oneLine(Throwable e) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = e; t != null && text.length() < 600; t = t.getCause() == t ? null : t.getCause()) {
            if (!text.isEmpty()) text.append(" <- ");
            text.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage());
        }
        return text.toString().replaceAll("[\\r\\n]+", " ");
    }
}
