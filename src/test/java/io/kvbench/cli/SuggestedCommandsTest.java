package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.baseline.Coverage;
import io.kvbench.contract.ContractSuite;
import io.kvbench.crash.CrashSuite;
import io.kvbench.crash.EngineCrashResult;
import io.kvbench.crash.Fault;
import io.kvbench.judge.ComparisonReport;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.report.ComparisonMarkdown;
import io.kvbench.result.Verdict;
import io.kvbench.workload.ProfileOverrides;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * Every kind of command kvbench prints for the user to run (record a machine class's baselines, record a NEW row's
 * baseline, replay a crash test, replay a model check, see a command's help) parses with the real command line and
 * means what it says: the run it suggests measures under the profile name it was suggested for, the replay has the
 * seed, cycles, kill delay, runner and fault of the cycles it replays.
 */
class SuggestedCommandsTest {

    /** Profile names as runs record them: stock, with each override, with several. */
    private static final List<String> RECORDED = List.of("smoke", "overview", "smoke+records=1000",
            "ci+forks=2+iterations=3+warmup=4", "ci+records=1000+value-size=64+threads=4", "smoke+warmup=0");

    @Test
    void recordingBaselinesRunsUnderTheNameItWasSuggestedFor() {
        for (String profile : RECORDED) {
            List<String> commands = ComparisonMarkdown.recordCommands(profile);
            RunCommand run = parse(commands.get(0), RunCommand.class);
            assertThat(run.shapes.rename(run.sizes.apply(Names.profile(run.profile))).name())
                    .as("the run `%s` suggests for %s records under", commands.get(0), profile).isEqualTo(profile);
            BaselineUpdateCommand update = parse(commands.get(1), BaselineUpdateCommand.class);
            assertThat(update.results).as(commands.get(1)).hasSize(3);
        }
    }

    @Test
    void theCaveatGivesThoseCommands() {
        ComparisonRow row = ComparisonRow.unjudged(new BenchmarkKey("lmdb", "ycsb-c"), Verdict.NOT_COMPARED,
                "ops/s", 1.0, "no baseline");
        String text = ComparisonMarkdown.caveatsAsText(ComparisonReport.of("smoke+records=1000", "x-1c-3g",
                "perf-baselines", "policy", List.of(row)));
        assertThat(text).contains(ComparisonMarkdown.recordCommands("smoke+records=1000").get(0))
                .contains("kvbench run --profile smoke --records 1000 ")
                .contains(ComparisonMarkdown.recordCommands("smoke+records=1000").get(1));
    }

    /** A profile file's name is not a shipped profile: the suggestion says to give the file, not the name. */
    @Test
    void aProfileFileIsSuggestedAsAFile() {
        String run = ComparisonMarkdown.recordCommands("mysizes+records=5").get(0);
        assertThat(run).contains("--profile " + ProfileOverrides.PROFILE_FILE + " --records 5");
        assertThat(parse(run, RunCommand.class).sizes.records).isEqualTo(5L);
        ComparisonRow row = ComparisonRow.unjudged(new BenchmarkKey("lmdb", "ycsb-c"), Verdict.NOT_COMPARED,
                "ops/s", 1.0, "no baseline");
        assertThat(ComparisonMarkdown.caveats(ComparisonReport.of("mysizes", "x-1c-3g", "perf-baselines", "policy",
                List.of(row)))).contains(ProfileOverrides.PROFILE_FILE + ": the profile file of the run");
    }

    @Test
    void aNewRowsRecordCommandParses() {
        BaselineUpdateCommand update = parse(Coverage.RECORD, BaselineUpdateCommand.class);
        assertThat(update.results).hasSize(3);
    }

    @Test
    void aCrashReplayHasEverySettingOfTheCycles() {
        String replay = EngineCrashResult.Replay.command("rocksdb", 42, 100, 250, "local", Fault.POWER_CUT);
        CrashCommand crash = parse(replay, CrashCommand.class);
        assertThat(crash.engines).containsExactly("rocksdb");
        assertThat(crash.seed).isEqualTo(42L);
        assertThat(crash.cycles).isEqualTo(100);
        assertThat(crash.maxKillDelayMillis).isEqualTo(250L);
        assertThat(crash.where).isEqualTo(CrashSuite.Where.LOCAL);
        assertThat(crash.faultNames).containsExactly("power-cut");
        CrashCommand kill = parse(EngineCrashResult.Replay.command("lmdb", 7, 20, 600, "container",
                Fault.PROCESS_KILL), CrashCommand.class);
        assertThat(kill.where).isEqualTo(CrashSuite.Where.CONTAINER);
        assertThat(kill.faultNames).containsExactly(Fault.PROCESS_KILL.id());
    }

    @Test
    void aModelCheckReplayNamesTheEngineAndTheSeed() {
        String replay = ContractSuite.replayCommand("lmdb", 77);
        assertThat(replay).startsWith("java -Dkvbench.seed=77 -jar ");
        assertThat(parse(replay, ContractCommand.class).engines).containsExactly("lmdb");
    }

    /** The hint of every error line, "try: kvbench <command> --help", is a command. */
    @Test
    void everyHelpHintParses() {
        for (CommandLine command : KvBench.commands(KvBench.commandLine())) {
            String hint = CliErrors.hint(command);
            ParseResult parsed = parseResult(hint.substring(hint.indexOf("kvbench")));
            assertThat(deepest(parsed).isUsageHelpRequested()).as(hint).isTrue();
        }
    }

    /** The words of a suggested command after "kvbench" or "-jar .../kvbench.jar", parsed by the real CLI. */
    private static ParseResult parseResult(String command) {
        List<String> words = ShellWords.commands(command).get(0);
        int jar = words.indexOf("-jar");
        List<String> args = jar >= 0 ? words.subList(jar + 2, words.size()) : words.subList(1, words.size());
        if (jar >= 0) {
            assertThat(words.get(jar + 1)).as(command).endsWith("kvbench.jar");
        } else {
            assertThat(words.get(0)).as(command).isEqualTo("kvbench");
        }
        try {
            return KvBench.commandLine().parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new AssertionError("the suggestion `" + command + "` does not parse: " + e.getMessage(), e);
        }
    }

    private static <T> T parse(String command, Class<T> type) {
        Object command0 = deepest(parseResult(command)).commandSpec().userObject();
        assertThat(command0).as(command).isInstanceOf(type);
        return type.cast(command0);
    }

    private static ParseResult deepest(ParseResult parsed) {
        ParseResult p = parsed;
        while (p.subcommand() != null) p = p.subcommand();
        return p;
    }
}
