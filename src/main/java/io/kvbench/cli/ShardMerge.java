package io.kvbench.cli;

import io.kvbench.baseline.ResultsInput;
import io.kvbench.crash.CrashResults;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunMerge;
import io.kvbench.result.RunResults;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code kvbench report --merge DIR... --out DIR}: checks the shard directories, reads each results.json as strictly as
 * {@code compare} does, merges them by the rules of {@link RunMerge} and writes the merged results.json atomically,
 * with the shards' crash results ({@code crash/crash-results.json}) merged into one crash-results.json beside it. Every
 * problem is bad input (IllegalArgumentException, exit 2) found before anything is written.
 */
final class ShardMerge {

    private ShardMerge() {
    }

    static RunResults merge(List<Path> dirs, Path out, PrintWriter stdout) throws IOException {
        if (out == null) {
            throw new IllegalArgumentException("--merge needs --out DIR: where the merged results.json, summary.md and "
                    + "report.html go");
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new IllegalArgumentException("--out " + out + ": exists and is not a directory");
        }
        Path outFile = out.resolve(ResultsJson.RESULTS_FILE);
        if (Files.exists(outFile)) {
            throw new IllegalArgumentException("--out " + out + " already holds a " + ResultsJson.RESULTS_FILE
                    + "; choose another directory");
        }
        Map<Path, Path> seen = new HashMap<>();
        List<RunMerge.Shard> shards = new ArrayList<>();
        for (Path dir : dirs) {
            checkShardDirectory(dir);
            Path real = dir.toRealPath();
            Path earlier = seen.putIfAbsent(real, dir);
            if (earlier != null) throw new IllegalArgumentException("--merge " + dir + ": the same directory as "
                    + earlier + ", given twice");
            shards.add(new RunMerge.Shard(dir.toString(), ResultsInput.read(dir)));
        }
        RunResults merged = RunMerge.merge(shards);
        List<CrashResults> crashRuns = new ArrayList<>();
        for (Path dir : dirs) CrashResults.findIn(dir).ifPresent(crashRuns::add);
        CrashResults crash = crashRuns.isEmpty() ? null : CrashResults.merge(crashRuns);
        Files.createDirectories(out);
        if (crash != null) crash.write(out.resolve(CrashResults.FILE)); // before the report, which includes it
        ResultsJson.write(outFile, merged);
        stdout.println("Merged " + shards.size() + (shards.size() == 1 ? " shard" : " shards") + " (" + merged.results()
                .size()
                + " results, profile " + merged.profile() + ", machine class " + merged.machine().machineClass()
                + (merged.complete() ? "" : ", incomplete: some shard was interrupted") + ") into " + outFile
                + (crash == null ? "" : "; crash results of " + crash.results().size() + " engines into "
                + out.resolve(CrashResults.FILE)));
        return merged;
    }

    private static void checkShardDirectory(Path dir) {
        if (!Files.exists(dir)) throw new IllegalArgumentException("--merge " + dir + ": no such directory");
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("--merge " + dir
                    + ": not a directory (give the output directory of a run)");
        }
        if (!Files.isRegularFile(dir.resolve(ResultsJson.RESULTS_FILE))) {
            throw new IllegalArgumentException("--merge " + dir + ": no " + ResultsJson.RESULTS_FILE
                    + " in it (a shard is the "
                    + "--out directory of one `kvbench run`; did that run fail before writing results?)");
        }
    }
}
