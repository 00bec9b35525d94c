package io.kvbench.history;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.workload.Profile;
import java.util.Locale;
import java.util.Optional;

/**
 * A persistent shift in one series, as change-points.json lists it (one flat object).
 *
 * @param series      the series it was found in
 * @param at          where in the series, by night and commit
 * @param shift       how far and which way
 * @param nightsSince nights from this one to the newest, counting both (1 = the newest night)
 */
public record ChangePoint(@JsonUnwrapped SeriesId series, @JsonUnwrapped At at, @JsonUnwrapped Shift shift,
                          @JsonUnwrapped EngineVersions versions, int nightsSince) {

    /** The series: profile, machine class, benchmark and its metric. */
    public record SeriesId(String profile, String machineClass, String engine, String workload, String metric,
                           String unit) {
    }

    /**
     * @param night            index of the first night at the new level (0 = the oldest night of the series)
     * @param time             time of that night
     * @param lastCommitBefore the commit of the night before: the change came after it ...
     * @param firstCommitAfter ... and by this commit (git log lastCommitBefore..firstCommitAfter is the suspect range)
     */
    public record At(int night, String time, String lastCommitBefore, String firstCommitAfter) {
    }

    /**
     * The engine's version on the night before a change and on its first night: where they differ, the change may be
     * the engine's, and {@code kvbench bisect} between them says which release.
     *
     * @param engineVersionBefore the version measured on the night before; null when unknown
     * @param engineVersionAfter  the version measured on the change's first night; null when unknown
     */
    public record EngineVersions(String engineVersionBefore, String engineVersionAfter) {

        /** Both known, and not the same. */
        public boolean changed() {
            return engineVersionBefore != null && engineVersionAfter != null
                    && !engineVersionBefore.equals(engineVersionAfter);
        }
    }

    /**
     * @param shiftPercent mean after / mean before - 1, in percent
     * @param direction    "worse" or "better" for the metric (lower throughput or a longer pass is worse)
     * @param pValue       Otava's p-value of the change
     */
    public record Shift(double shiftPercent, String direction, double pValue) {
    }

    public static final String WORSE = "worse";
    public static final String BETTER = "better";

    public boolean worse() {
        return WORSE.equals(direction());
    }

    /** "a1b2c3d..e4f5a6b -12.3 %": what the chart writes beside the change. */
    public String label() {
        return shortSha(lastCommitBefore()) + ".." + shortSha(firstCommitAfter()) + " " + formattedShift() + " ("
                + direction() + ")";
    }

    /** "-12.3 %": the shift as every table, chart and console line writes it. */
    public String formattedShift() {
        return String.format(Locale.ROOT, "%+.1f %%", shiftPercent());
    }

    public String profile() {
        return series.profile();
    }

    /** The engine's versions on the two nights around the change (each null when not recorded). */
    public EngineVersions engineVersions() {
        return versions == null ? new EngineVersions(null, null) : versions;
    }

    /**
     * Where the engine's version changed across the change: the command that finds the first slower release between
     * the two versions on the same runner ({@code kvbench bisect}); empty otherwise.
     */
    public Optional<String> bisectCommand() {
        EngineVersions v = engineVersions();
        if (!v.changed()) return Optional.empty();
        return Optional.of("java -jar target/kvbench.jar bisect --profile " + profile() + " --engines "
                + engine() + " --workloads " + workload() + " --good " + engine() + "=" + v.engineVersionBefore()
                + " --bad " + engine() + "=" + v.engineVersionAfter() + (cost() ? " --metric " + metric() : ""));
    }

    public String machineClass() {
        return series.machineClass();
    }

    public String engine() {
        return series.engine();
    }

    public String workload() {
        return series.workload();
    }

    public String metric() {
        return series.metric();
    }

    /** The workload, and for a cost's change the cost too: "ycsb-c", "ycsb-c alloc.bytes.op". */
    public String subject() {
        return cost() ? workload() + " " + metric() : workload();
    }

    /** Whether the change is in a cost per operation ({@link Profile#JUDGED_COSTS}), not in the score. */
    public boolean cost() {
        return Profile.JUDGED_COSTS.contains(metric());
    }

    public String unit() {
        return series.unit();
    }

    public int night() {
        return at.night();
    }

    public String time() {
        return at.time();
    }

    public String lastCommitBefore() {
        return at.lastCommitBefore();
    }

    public String firstCommitAfter() {
        return at.firstCommitAfter();
    }

    public double shiftPercent() {
        return shift.shiftPercent();
    }

    public String direction() {
        return shift.direction();
    }

    public double pValue() {
        return shift.pValue();
    }

    public static String shortSha(String sha) {
        return sha.length() > 10 ? sha.substring(0, 10) : sha;
    }
}
