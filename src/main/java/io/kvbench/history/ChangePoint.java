package io.kvbench.history;

/**
 * A persistent shift in one series, as change-points.json lists it.
 *
 * @param night              index of the first night at the new level (0 = the oldest night of the series)
 * @param time               time of that night
 * @param lastCommitBefore   the commit of the night before: the change came after it ...
 * @param firstCommitAfter   ... and by this commit (git log lastCommitBefore..firstCommitAfter is the suspect range)
 * @param shiftPercent       mean after / mean before - 1, in percent
 * @param direction          "worse" or "better" for the metric (lower throughput or a longer pass is worse)
 * @param nightsSince        nights from this one to the newest, counting both (1 = the newest night)
 */
public record ChangePoint(String profile, String machineClass, String engine, String workload, String metric,
                          String unit, int night, String time, String lastCommitBefore, String firstCommitAfter,
                          double shiftPercent, String direction, double pValue, int nightsSince) {

    public static final String WORSE = "worse";
    public static final String BETTER = "better";

    public boolean worse() {
        return WORSE.equals(direction);
    }

    /** "a1b2c3d..e4f5a6b -12.3 %": what the chart writes beside the change. */
    public String label() {
        return shortSha(lastCommitBefore) + ".." + shortSha(firstCommitAfter) + " " + String.format(java.util.Locale.ROOT,
                "%+.1f %%", shiftPercent) + " (" + direction + ")";
    }

    public static String shortSha(String sha) {
        return sha.length() > 10 ? sha.substring(0, 10) : sha;
    }
}
