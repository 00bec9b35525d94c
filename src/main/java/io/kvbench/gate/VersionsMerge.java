package io.kvbench.gate;

import io.kvbench.input.BadInputException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The shards of one version series (each ran every version on its own runner over its share of the workloads, {@code
 * kvbench versions --shard K/N}) as one series: their workloads side by side in shard order. Comparisons stay within
 * a shard, so shards need not share a runner; they must share the engine, versions, profile, rounds and judging, and
 * no workload may be in two of them (IllegalArgumentException, bad input, naming the shards).
 */
public final class VersionsMerge {

    private VersionsMerge() {
    }

    /** @param names the shards' names (their directories), for messages, in the order of {@code shards} */
    public static VersionsReport merge(List<String> names, List<VersionsReport> shards) {
        if (shards.isEmpty()) throw new BadInputException("no shard to merge");
        VersionsReport first = shards.get(0);
        Set<String> workloads = new HashSet<>();
        Set<String> shardNumbers = new HashSet<>();
        for (int i = 0; i < shards.size(); i++) {
            VersionsReport s = shards.get(i);
            String which = names.get(i) + " and " + names.get(0);
            same(which, "engine, artifact or versions", first.subject(), s.subject());
            same(which, "profile", first.profile(), s.profile());
            same(which, "rounds", first.rounds(), s.rounds());
            same(which, "judging", first.judging(), s.judging());
            if (s.shard() != null && !shardNumbers.add(s.shard())) {
                throw new BadInputException(names.get(i) + ": shard " + s.shard() + " is given twice");
            }
            for (VersionsReport.Series series : s.series()) {
                if (!workloads.add(series.workload())) {
                    throw new BadInputException(names.get(i) + ": workload " + series.workload()
                            + " is in another shard too");
                }
            }
        }
        List<VersionsReport> ordered = new ArrayList<>(shards);
        ordered.sort(Comparator.comparingInt(VersionsMerge::shardIndex));
        List<VersionsReport.Series> series = new ArrayList<>();
        for (VersionsReport s : ordered) series.addAll(s.series());
        double minutes = shards.stream().mapToDouble(VersionsReport::minutes).max().orElse(0);
        return new VersionsReport(first.subject(), new VersionsReport.Session(first.profile(), first.rounds(), null,
                minutes), first.judging(), series);
    }

    private static int shardIndex(VersionsReport report) {
        if (report.shard() == null) return 0;
        try {
            return Integer.parseInt(report.shard().substring(0, report.shard().indexOf('/')));
        } catch (RuntimeException e) {
            return 0;
        }
    }

    private static void same(String which, String field, Object expected, Object actual) {
        if (!Objects.equals(expected, actual)) {
            throw new BadInputException("shards " + which + " differ in " + field + ": " + actual + " and "
                    + expected + " (shards of one series run the same command with another --shard)");
        }
    }
}
