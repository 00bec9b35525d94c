package io.kvbench.cli;

import io.kvbench.contract.ContractSuite;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.report.TextTable;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench contract}: the correctness contract suite, the tests {@code mvn test} runs on every engine, run from
 * the jar with the JUnit Platform launcher, so that an outside adapter ({@code --adapter}) or another engine version
 * is checked without a build of kvbench.
 */
@Command(name = "contract", mixinStandardHelpOptions = true,
        description = {"Run the engine contract suite (round trips, ordering, bad input, concurrency, reopen, write "
                + "and read passes, a model check) on engines, print a tally per engine and each failure on one line, "
                + "and write a JUnit XML report (TEST-junit-jupiter.xml).",
                "Exit 1 when a test failed; a test an engine's declared capabilities rule out is skipped, saying why."})
final class ContractCommand implements Callable<Integer> {

    @Option(names = "--engines", split = ",", paramLabel = "ID",
            description = "Engines to check, comma-separated or repeated (default: every engine; `kvbench engines` "
                    + "lists them).")
    List<String> engines;

    @Option(names = "--out", paramLabel = "DIR", description = OutOption.DESCRIPTION)
    Path out;

    @Mixin
    AdapterOption adapters = new AdapterOption();

    @Mixin
    EngineSwapOptions engineBuilds = new EngineSwapOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<KvEngine> selected = engines == null ? Engines.all() : Names.engines(engines);
        Path outDir = OutOption.check(RunOutput.outDir(out, "contract"));
        Files.createDirectories(outDir);
        PrintWriter console = spec.commandLine().getOut();
        console.printf("kvbench contract: %d engines (%s), report %s%n", selected.size(),
                String.join(", ", selected.stream().map(e -> e.id() + " " + e.version()).toList()), outDir);
        console.flush();
        ContractSuite.Outcome outcome = ContractSuite.run(selected.stream().map(KvEngine::id).toList(), outDir,
                new PrintWriter(System.err, true));
        TextTable table = new TextTable("engine", "passed", "failed", "skipped");
        for (Map.Entry<String, int[]> e : outcome.tallies().entrySet()) {
            int[] t = e.getValue();
            table.row(e.getKey(), String.valueOf(t[0]), String.valueOf(t[1]), String.valueOf(t[2]));
        }
        console.println();
        table.print(console);
        for (String failure : outcome.failures()) console.println("FAILED " + failure);
        console.println(outcome.total() + " tests, " + outcome.failed() + " failed; report: "
                + outDir.resolve("TEST-junit-jupiter.xml"));
        console.flush();
        if (outcome.total() == 0) {
            throw new IllegalStateException(
                    "the contract suite ran no test (a kvbench jar without io.kvbench.contract?)");
        }
        return outcome.failed() > 0 ? ExitCode.FAILED.code() : ExitCode.OK.code();
    }
}
