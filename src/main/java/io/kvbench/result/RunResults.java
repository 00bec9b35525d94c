package io.kvbench.result;

import java.util.List;

/**
 * The content of {@code results.json}: one run of the suite.
 *
 * @param schemaVersion format version of this file
 * @param complete      true only when every planned benchmark finished (OK, n/a or ERROR recorded); a run that was
 *                      interrupted is written with false and can never become a baseline
 * @param profile       the profile every result was run with
 * @param runner        local or container
 * @param startedAt     ISO-8601 instant
 * @param machine       where it ran
 * @param results       one entry per (engine, workload)
 */
public record RunResults(int schemaVersion, boolean complete, String profile, String runner, String startedAt,
                         MachineInfo machine, List<BenchmarkResult> results) {

    public static final int SCHEMA_VERSION = 1;

    public RunResults {
        results = results == null ? List.of() : List.copyOf(results);
    }
}
