package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A table of mistakes a user makes, through the real CLI: each gives exactly one line on stderr, "kvbench: ...", with
 * what is wrong, the closest valid name where there is one, and where to read on ("try: kvbench <command> --help"),
 * the exit code of its kind, and writes nothing: no output directory, no default kvbench-results/.
 */
class CliMistakesTest {

    /**
     * @param args     the command line; {tmp} is a scratch directory, {file} a regular file in it, {bad} a profile
     *                 file that is not JSON, {override} a run directory of profile smoke+records=10, {truncated} one
     *                 whose results.json ends inside its results array
     * @param code     the exit code
     * @param expected what the line must say
     */
    record Mistake(String args, ExitCode code, String... expected) {
        @Override
        public String toString() {
            return "kvbench " + args;
        }
    }

    static Stream<Mistake> mistakes() {
        ExitCode bad = ExitCode.BAD_INPUT;
        return Stream.of(
                new Mistake("rn", bad, "unknown command 'rn' (did you mean run?)", "try: kvbench --help"),
                new Mistake("history chnges", bad, "unknown command 'chnges' (did you mean changes?)",
                        "try: kvbench history --help"),
                new Mistake("baseline", bad, "missing subcommand: choose one of update",
                        "try: kvbench baseline --help"),
                new Mistake("run --runnr local", bad, "unknown option '--runnr' (did you mean --runner?)",
                        "try: kvbench run --help"),
                new Mistake("run --runner docker", bad, "invalid value for option '--runner'",
                        "try: kvbench run --help"),
                new Mistake("run --runner lokal", bad, "invalid value for option '--runner'",
                        "(did you mean local?)", "try: kvbench run --help"),
                new Mistake("crash --fault powercut --out {tmp}/o", bad,
                        "unknown fault 'powercut' (did you mean power-cut?)", "valid faults: process-kill"),
                new Mistake("run --min-effect 5", bad, "unknown option '--min-effect'", "try: kvbench run --help"),
                new Mistake("interleave", bad, "missing required options", "--engines",
                        "try: kvbench interleave --help"),
                new Mistake("engines extra", bad, "unknown engine 'extra'", "try: kvbench engines --help"),
                new Mistake("reproduce", bad, "missing required parameter: 'NAME'", "try: kvbench reproduce --help"),
                new Mistake("run --engines RocksDB --out {tmp}/o", bad,
                        "unknown engine 'RocksDB' (did you mean rocksdb?)",
                        "valid engines: ", "try: kvbench run --help"),
                new Mistake("crash --engines lmbd --out {tmp}/o", bad, "unknown engine 'lmbd' (did you mean lmdb?)"),
                new Mistake("run --workloads YCSB-C --out {tmp}/o", bad,
                        "unknown workload 'YCSB-C' (did you mean ycsb-c?)"),
                new Mistake("run --profile Smoke --out {tmp}/o", bad, "unknown profile 'Smoke' (did you mean smoke?)",
                        "kvbench profiles"),
                new Mistake("run --profile {tmp}/missing.json --out {tmp}/o", bad, "profile file",
                        "missing.json does not exist"),
                new Mistake("run --profile {bad} --out {tmp}/o", bad, "bad.json", "malformed JSON"),
                new Mistake("run --runner local --resources {tmp}/none.json --out {tmp}/o", bad,
                        "resource profile file",
                        "does not exist"),
                new Mistake("run --runner local --resources eight-cores --out {tmp}/o", bad,
                        "unknown resource profile 'eight-cores'", "one-core"),
                new Mistake("run --records 0 --out {tmp}/o", bad, "--records must be between 1 and"),
                new Mistake("run --threads 4 --workloads tc-seq-read --out {tmp}/o", bad,
                        "--threads applies to timed operations",
                        "tc-seq-read"),
                new Mistake("run --value-size 100 --workloads ycsb-c,tc-seq-read --out {tmp}/o", bad,
                        "--value-size sizes random values only", "tc-seq-read"),
                new Mistake("gate --forks 0 --out {tmp}/o", bad, "--forks must be between 1 and 100, was 0"),
                new Mistake("run --threads 0 --out {tmp}/o", bad, "--threads must be between 1 and 1024, was 0"),
                new Mistake("crash --cycles 0 --out {tmp}/o", bad, "--cycles must be at least 1, was 0"),
                new Mistake("crash --max-kill-delay -1 --out {tmp}/o", bad,
                        "--max-kill-delay must be at least 0, was -1"),
                new Mistake("gate --confirmations -1 --out {tmp}/o", bad, "--confirmations must be at least 0, was -1"),
                new Mistake("interleave --engines rocksdb --workloads ycsb-c --rounds 1 --out {tmp}/o", bad,
                        "--rounds must be at least 2 (interleaving needs repeats), was 1"),
                new Mistake("history changes --history {tmp} --out {tmp}/o --fail-within -1", bad,
                        "--fail-within must be at least 0, was -1"),
                new Mistake("history changes --history {tmp}/none", bad, "history directory", "does not exist",
                        "try: kvbench history changes --help"),
                new Mistake("run --out {file}/sub", bad, "is a file, so no directory can be made below it"),
                new Mistake("run --out {file}", bad, "is a file, not a directory"),
                new Mistake("run --runner local --data-dir {file} --out {tmp}/o", bad,
                        "--data-dir ", "is a file, not a directory", "give a directory"),
                new Mistake("run --runner local --data-dir {file}/sub --out {tmp}/o", bad,
                        "is a file, so no directory can be made below it"),
                new Mistake("crash --cpuset x --out {tmp}/o", bad, "--cpuset x", "0-3", "try: kvbench crash --help"),
                new Mistake("crash --cpuset 0-99999 --out {tmp}/o", bad, "--cpuset 0-99999"),
                new Mistake("gate --min-effect 0.05 --out {tmp}/o", bad, "'0.05' is ambiguous", "write 5 for 5 %"),
                new Mistake("gate --min-effect five --out {tmp}/o", bad, "'five' is not a percentage"),
                new Mistake("interleave --engines rocksdb --workloads ycsb-c --min-effect 0.1 --out {tmp}/o", bad,
                        "ambiguous"),
                new Mistake("compare --results {tmp}/nothing", bad, "nothing", "does not exist",
                        "try: kvbench compare --help"),
                new Mistake("baseline update --results {override} --profile smoke --force --min-runs 1 --baselines "
                        + "{tmp}/b",
                        bad, "'smoke+records=10' has size overrides", "never as --profile smoke's"),
                new Mistake("compare --results {override} --profile smoke --baselines {tmp}/b", bad,
                        "is from profile 'smoke+records=10', not 'smoke'"),
                new Mistake("report --results {truncated} --out {tmp}/o", bad,
                        "results.json: field 'results' malformed JSON",
                        "(start marker at line 1, column "));
    }

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @MethodSource("mistakes")
    void oneLineWithAHintAndNothingWritten(Mistake mistake) throws IOException {
        Path file = Files.writeString(tmp.resolve("file.txt"), "not a directory");
        Path bad = Files.writeString(tmp.resolve("bad.json"), "{\"name\": ");
        Path override = Files.createDirectories(tmp.resolve("override"));
        Files.writeString(override.resolve("results.json"),
                HostileInputTest.RESULTS.replace("\"smoke\"", "\"smoke+records=10\""));
        Path truncated = Files.createDirectories(tmp.resolve("truncated"));
        Files.writeString(truncated.resolve("results.json"), "{\"schemaVersion\": 1, \"results\": [");
        String[] args = Arrays.stream(mistake.args().split(" "))
                .map(a -> a.replace("{tmp}", tmp.toString()).replace("{file}", file.toString())
                        .replace("{bad}", bad.toString()).replace("{override}", override.toString())
                        .replace("{truncated}", truncated.toString()))
                .toArray(String[]::new);
        boolean defaultOutBefore = Files.exists(Path.of("kvbench-results"));
        Map<Path, Long> before = files(tmp);

        CliRun run = CliRun.of(args);

        assertThat(run.exitCode()).as(run.err()).isEqualTo(mistake.code().code());
        assertThat(run.err().lines().toList()).as("exactly one line on stderr").hasSize(1);
        String line = run.err().strip();
        assertThat(line).startsWith("kvbench: ").contains(mistake.expected())
                .doesNotContain("Exception", "\tat ", "Usage:", "StreamReadFeature", "Source: ", "REDACTED");
        String command = "kvbench" + (args[0].startsWith("-") || !KvBench.commandLine().getSubcommands()
                .containsKey(args[0])
                ? "" : " " + args[0]);
        assertThat(line).as("the hint names the command's help").contains("; try: " + command);
        assertThat(files(tmp)).as("nothing written").isEqualTo(before);
        assertThat(Files.exists(Path.of("kvbench-results"))).as("no default output directory made")
                .isEqualTo(defaultOutBefore);
    }

    /**
     * A number out of its range has one wording ("must be at least N" or "must be between A and B", then ", was V"),
     * from one helper, OptionRange: no command words its own.
     */
    @Test
    void rangeErrorsHaveOneWordingFromOneHelper() throws IOException {
        try (Stream<Path> sources = Files.list(Path.of("src/main/java/io/kvbench/cli"))) {
            List<String> own = sources.filter(f -> !f.endsWith("OptionRange.java")).filter(f -> {
                String code = read(f);
                return code.contains("must be >") || code.contains("must be between") || code.contains("must be at ");
            }).map(Path::toString).toList();
            assertThat(own).as("range errors worded outside OptionRange").isEmpty();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** System.exit's code and the one line, from a child JVM as a user's shell sees them. */
    @Test
    @Tag("fork")
    void aChildProcessSeesTheSameLineAndExitCode(@TempDir Path work) throws Exception {
        Path file = Files.writeString(work.resolve("file.txt"), "x");
        for (List<String> args : List.of(List.of("rn"), List.of("run", "--out", file + "/sub"))) {
            Process child = new ProcessBuilder(javaCommand(args)).directory(work.toFile()).start();
            String err = new String(child.getErrorStream().readAllBytes());
            assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as(err).isEqualTo(ExitCode.BAD_INPUT.code());
            assertThat(err.lines().toList()).as(err).hasSize(1).allMatch(l -> l.startsWith("kvbench: "));
        }
        Process version = new ProcessBuilder(javaCommand(List.of("run", "--version"))).directory(work.toFile()).start();
        String out = new String(version.getInputStream().readAllBytes());
        assertThat(version.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(version.exitValue()).isZero();
        assertThat(out).startsWith("kvbench ").contains("(git revision ");
        try (Stream<Path> left = Files.list(work)) {
            assertThat(left.toList()).as("nothing written in the working directory").containsExactly(file);
        }
    }

    private static List<String> javaCommand(List<String> args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new java.util.ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                KvBench.class.getName()));
        command.addAll(args);
        return command;
    }

    private static Map<Path, Long> files(Path root) throws IOException {
        Map<Path, Long> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path f : all.toList()) files.put(f, Files.isRegularFile(f) ? Files.size(f) : -1L);
        }
        return files;
    }
}
