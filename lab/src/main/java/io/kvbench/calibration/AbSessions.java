package io.kvbench.calibration;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What an A/B campaign measured ({@code kvbench calibrate --ab-sessions N}): real {@code interleave} sessions,
 * unchanged and with slowdowns injected into side B's engine calls, one record per session. Written after every
 * session ({@value #FILE} in the output directory, one flat object per session) so that a campaign stopped by its
 * budget keeps what it has, and committed beside the calibration figures as the raw data
 * ({@code <profile>-ab-sessions.json}).
 *
 * @param conditions where and how the sessions ran
 * @param sizing     per benchmark, what an operation cost and the delay each level injected
 * @param sessions   every session, in the order run
 * @param complete   false while running, and when the budget or an interrupt ended it early
 */
public record AbSessions(int schemaVersion, @JsonUnwrapped Conditions conditions, List<Sizing> sizing,
                         List<Session> sessions, boolean complete) {

    public static final int SCHEMA_VERSION = 1;
    public static final String FILE = "ab-sessions.json";

    /**
     * @param runner       "container" or "local"
     * @param session      how a session ran: its schedule, test and conditions, in words
     * @param machineClass the benchmarks' machine class; empty until the first one ran
     */
    public record Conditions(String profile, String runner, String session, String machineClass, String startedAt) {
    }

    /**
     * @param nanosPerOperation what one operation cost in the unchanged sizing run
     * @param delays            the delay per get and put of each level, in nanoseconds, in level order
     */
    public record Sizing(String engine, String workload, double nanosPerOperation, List<Level> delays) {
        public Sizing {
            delays = delays == null ? List.of() : List.copyOf(delays);
        }
    }

    /** One injected level: the slowdown aimed at (0.05 = 5 %) and the engine-call delay sized for it. */
    public record Level(double slowdown, long delayNanos) {
    }

    /**
     * @param injected   what B's engine calls were slowed by (0 for an unchanged session)
     * @param outcome    what the session decided, and at what cost
     * @param finishedAt ISO-8601 instant
     */
    public record Session(String engine, String workload, @JsonUnwrapped Level injected,
                         @JsonUnwrapped Outcome outcome, String finishedAt) {

        public boolean unchanged() {
            return injected.slowdown() == 0;
        }
    }

    /**
     * @param verdict    the session's verdict of B against A
     * @param rounds     rounds it took
     * @param minutes    how long it took, both sides
     * @param spread     the standard deviation of its per-round log ratios
     * @param achieved   the slowdown its rounds show (geometric mean), in the metric's sense; negative: B faster
     * @param resolution what the session resolved (NaN when it states none)
     */
    public record Outcome(Verdict verdict, int rounds, double minutes, double spread, double achieved,
                          double resolution) {
    }

    public AbSessions {
        conditions = conditions == null ? new Conditions(null, null, null, null, null) : conditions;
        sizing = sizing == null ? List.of() : List.copyOf(sizing);
        sessions = sessions == null ? List.of() : List.copyOf(sessions);
    }

    AbSessions with(Session session) {
        List<Session> more = new ArrayList<>(sessions);
        more.add(session);
        return new AbSessions(schemaVersion, conditions, sizing, more, false);
    }

    AbSessions with(Sizing sized, String machineClass) {
        List<Sizing> more = new ArrayList<>(sizing);
        more.add(sized);
        Conditions where = new Conditions(conditions.profile(), conditions.runner(), conditions.session(),
                machineClass, conditions.startedAt());
        return new AbSessions(schemaVersion, where, more, sessions, false);
    }

    AbSessions completed(boolean done) {
        return new AbSessions(schemaVersion, conditions, sizing, sessions, done);
    }

    public String machineClass() {
        return conditions.machineClass();
    }

    public String profile() {
        return conditions.profile();
    }

    public void write(Path file) throws IOException {
        ResultsJson.write(file, this);
    }

    /** Reads and checks an {@value #FILE}; every problem names the file and the field. */
    public static AbSessions read(Path file) {
        AbSessions data = Inputs.parse(ResultsJson.MAPPER, file, Inputs.readFile(file, "an A/B campaign's sessions"),
                AbSessions.class, "an A/B campaign's sessions");
        if (data.schemaVersion() != SCHEMA_VERSION) {
            throw new InputException(file, "schemaVersion", "is " + data.schemaVersion() + "; this kvbench reads "
                    + SCHEMA_VERSION);
        }
        for (int i = 0; i < data.sessions().size(); i++) {
            Session s = data.sessions().get(i);
            String at = "sessions[" + i + "]";
            if (s == null) throw new InputException(file, at, "is null");
            Inputs.id(file, at + ".engine", s.engine());
            Inputs.id(file, at + ".workload", s.workload());
            if (s.outcome() == null || s.outcome().verdict() == null) {
                throw new InputException(file, at + ".verdict", "is missing");
            }
            if (!(s.injected().slowdown() >= 0 && s.injected().slowdown() < 1)) {
                throw new InputException(file, at + ".slowdown", "is " + s.injected().slowdown()
                        + "; it must be in [0, 1)");
            }
            Inputs.range(file, at + ".rounds", s.outcome().rounds(), 0, 100_000);
            Inputs.range(file, at + ".delayNanos", s.injected().delayNanos(), 0, Long.MAX_VALUE);
            Inputs.nonNegativeOrNaN(file, at + ".minutes", s.outcome().minutes());
            Inputs.nonNegativeOrNaN(file, at + ".spread", s.outcome().spread());
        }
        return data;
    }
}
