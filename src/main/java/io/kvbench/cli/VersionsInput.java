package io.kvbench.cli;

import io.kvbench.classpath.ReleasedVersions;
import io.kvbench.input.BadInputException;
import io.kvbench.workload.Workload;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code kvbench versions} reads from its command line beyond the shared options: the versions (a list or a
 * range FROM..TO) and the shard. Every mistake is bad input (IllegalArgumentException, exit 2) found before anything
 * runs; what needs no repository is checked before the repository is asked.
 */
final class VersionsInput {

    private static final Pattern SHARD = Pattern.compile("(\\d{1,4})/(\\d{1,4})");
    private static final String RANGE = "..";

    private VersionsInput() {
    }

    /** Checks --versions as given, before the repository is asked: at least two, none twice, in ascending order. */
    static void check(List<String> given) {
        if (given.size() == 1 && given.get(0).contains(RANGE)) {
            range(given.get(0));
            return;
        }
        if (given.size() < 2) {
            throw new BadInputException("--versions " + String.join(",", given) + ": a series needs at least "
                    + "two versions (or a range FROM..TO)");
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < given.size(); i++) {
            String v = given.get(i);
            if (v.isBlank() || v.contains(RANGE)) {
                throw new BadInputException("--versions: '" + v + "' is not a version (a range FROM..TO is "
                        + "given alone)");
            }
            if (!seen.add(v)) throw new BadInputException("--versions: " + v + " is listed twice");
            if (i > 0 && ReleasedVersions.ORDER.compare(given.get(i - 1), v) >= 0) {
                throw new BadInputException("--versions: " + given.get(i - 1) + " before " + v + " is not "
                        + "ascending in Maven's version order; list the versions from the oldest");
            }
        }
    }

    /** The versions of the series: those given, each in {@code listed}, or the released ones of the range. */
    static List<String> resolve(String artifact, List<String> listed, List<String> given) {
        check(given);
        if (given.size() == 1) {
            String[] ends = range(given.get(0));
            return ReleasedVersions.between(artifact, listed, ends[0], ends[1]);
        }
        for (String v : given) ReleasedVersions.requireListed(artifact, listed, v);
        return List.copyOf(given);
    }

    private static String[] range(String value) {
        int at = value.indexOf(RANGE);
        String from = value.substring(0, at).strip();
        String to = value.substring(at + RANGE.length()).strip();
        if (from.isEmpty() || to.isEmpty() || to.contains(RANGE)) {
            throw new BadInputException("--versions " + value + ": expected FROM..TO, e.g. 0.9.0..0.9.3");
        }
        if (ReleasedVersions.ORDER.compare(from, to) >= 0) {
            throw new BadInputException("--versions " + value + ": " + from + " is not older than " + to
                    + " in Maven's version order");
        }
        return new String[] {from, to};
    }

    /** The workloads of shard "K/N" (those at positions K, K + N, ...), all of them without one. */
    static List<Workload> shard(String shard, List<Workload> workloads) {
        if (shard == null) return workloads;
        Matcher m = SHARD.matcher(shard);
        int k = m.matches() ? Integer.parseInt(m.group(1)) : 0;
        int n = m.matches() ? Integer.parseInt(m.group(2)) : 0;
        if (k < 1 || k > n) {
            throw new BadInputException("--shard " + shard + ": expected K/N with 1 <= K <= N, e.g. 1/2");
        }
        List<Workload> mine = new ArrayList<>();
        for (int i = k - 1; i < workloads.size(); i += n) mine.add(workloads.get(i));
        if (mine.isEmpty()) {
            throw new BadInputException("--shard " + shard + ": no workload falls to it (" + workloads.size()
                    + " workloads over " + n + " shards)");
        }
        return List.copyOf(mine);
    }
}
