package io.kvbench.cli;

import io.kvbench.baseline.ResultsInput;
import io.kvbench.crash.CrashResults;
import io.kvbench.input.BadInputException;
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
        Path outFile = checkOut(out, ResultsJson.RESULTS_FILE, "the merged results.json, summary.md and report.html");
        List<RunMerge.Shard> shards = new ArrayList<>();
        for (Path dir : checkShards(dirs, ResultsJson.RESULTS_FILE, "kvbench run")) {
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

    /**
     * {@code out/file}, checked: --out is given, is a directory where it exists, and holds no {@code file} yet.
     *
     * @param what what goes there, for the message of a missing --out
     */
    static Path checkOut(Path out, String file, String what) {
        if (out == null) throw new BadInputException("--merge needs --out DIR: where " + what + " go");
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new BadInputException("--out " + out + ": exists and is not a directory");
        }
        Path outFile = out.resolve(file);
        if (Files.exists(outFile)) {
            throw new BadInputException("--out " + out + " already holds a " + file
                    + "; choose another directory");
        }
        return outFile;
    }

    /**
     * The shard directories, checked: each exists, is a directory, holds {@code file}, and is given once.
     *
     * @param command the command whose --out a shard is, for messages: "kvbench run"
     */
    static List<Path> checkShards(List<Path> dirs, String file, String command) {
        Map<Path, Path> seen = new HashMap<>();
        for (Path dir : dirs) {
            if (!Files.exists(dir)) throw new BadInputException("--merge " + dir + ": no such directory");
            if (!Files.isDirectory(dir)) {
                throw new BadInputException("--merge " + dir + ": not a directory (give the output directory "
                        + "of a run)");
            }
            if (!Files.isRegularFile(dir.resolve(file))) {
                throw new BadInputException("--merge " + dir + ": no " + file + " in it (a shard is the --out "
                        + "directory of one `" + command + "`; did that run fail before writing results?)");
            }
            try {
                Path earlier = seen.putIfAbsent(dir.toRealPath(), dir);
                if (earlier != null) throw new BadInputException("--merge " + dir + ": the same directory as "
                        + earlier + ", given twice");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return List.copyOf(dirs);
    }
}
