package io.kvbench.cli;

import io.kvbench.calibration.CacheProbe;
import io.kvbench.calibration.CacheSizes;
import io.kvbench.report.CacheProbeMarkdown;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.ResultsJson;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kvbench-lab cache-probe}: the duet's two cores, probed with a pointer chase; no benchmark runs. */
@Command(name = "cache-probe", mixinStandardHelpOptions = true,
        description = {"Probe the duet's two cores instead of benchmarking: a pointer chase over half the L2, half the "
                + "last-level cache and twice it (memory), pinned with taskset to each core alone and then to both at "
                + "once.",
                "Prints and writes cache-probe.md and cache-probe.json: how steady each core and the pair are, whether "
                        + "the shared cache is this machine's alone and how much of it the runner gets "
                        + "(docs/ab-campaigns.md)."})
final class CacheProbeCommand implements Callable<Integer> {

    @Option(names = "--seconds", defaultValue = "10", paramLabel = "SECONDS",
            description = "Seconds per run, at least 2 (default: ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--duet-cpusets", split = ",", defaultValue = "0,1", paramLabel = "CPUSET",
            description = "The duet's two cpusets, one per side (default: ${DEFAULT-VALUE}).")
    List<String> duetCpusets;

    @Option(names = "--out", paramLabel = "DIR", description = OutOption.DESCRIPTION)
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CacheProbe probe = new CacheProbe(duetCpusets, seconds);
        Path outDir = OutOption.check(RunOutput.outDir(out, "cache-probe"));
        probe.checkPinning();
        List<CacheSizes.WorkingSet> sets = CacheSizes.forCpuset(duetCpusets.get(0));
        PrintWriter printed = spec.commandLine().getOut();
        printed.printf("kvbench-lab cache-probe: cpusets %s, %d s per run, %d runs: about %d s%n",
                String.join(" and ", duetCpusets), seconds, 3 * sets.size(), 3L * sets.size() * (seconds + 2));
        printed.flush();
        CacheProbe.Result result = probe.run(sets);
        String md = CacheProbeMarkdown.markdown(result);
        Files.createDirectories(outDir);
        AtomicFiles.writeString(outDir.resolve("cache-probe.md"), md);
        ResultsJson.write(outDir.resolve("cache-probe.json"), result);
        printed.println();
        printed.print(md);
        printed.println("wrote " + outDir.resolve("cache-probe.md") + " and cache-probe.json");
        printed.flush();
        return ExitCode.OK.code();
    }
}
