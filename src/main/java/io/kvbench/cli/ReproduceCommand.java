package io.kvbench.cli;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Published;
import io.kvbench.workload.Workload;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code kvbench reproduce NAME}: one published comparison's workloads on the engines of its table that kvbench has, at
 * the published size, then its tables beside this machine's (ratios to the fastest engine, Kendall's tau). Runs like
 * {@code run} with the nightly profile's iterations and forks; only the records change.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = {"Re-run a published comparison at its published size and print its tables beside this "
                + "machine's.",
                "Its results are recorded under the profile name <profile>+records=N: the profile's iterations and "
                        + "forks, the published size (or --records)."})
final class ReproduceCommand implements Callable<Integer> {

    @Parameters(paramLabel = "NAME", description = "The published comparison: ${COMPLETION-CANDIDATES}.", completionCandidates = PublishedNames.class)
    String name;

    @Option(names = "--records", paramLabel = "N",
            description = "Records instead of the published size, for a quicker, smaller run (default: the published size).")
    Long records;

    @Option(names = "--engines", split = ",", paramLabel = "ID",
            description = "Only these of the table's engines, comma-separated or repeated (default: all of them that "
                    + "this build has).")
    List<String> engines;

    @Option(names = "--profile", defaultValue = "nightly", paramLabel = ProfileOption.LABEL,
            description = "Benchmark profile giving iterations, forks and heap; its records are replaced by the published "
                    + "size: a shipped one (`kvbench profiles` lists them) or a profile .json file (default: ${DEFAULT-VALUE}).")
    String profile;

    @Mixin
    RunnerOptions runner;

    @Mixin
    ShapeOptions shapes = new ShapeOptions();

    @Option(names = "--out", paramLabel = "DIR", description = OutOption.DESCRIPTION)
    Path out;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    static final class PublishedNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Published.NAMES.iterator();
        }
    }

    @Override
    public Integer call() throws Exception {
        Published published = Published.named(name);
        long size = records != null ? records : published.records();
        if (size < 1 || size > 100_000_000) throw new IllegalArgumentException("--records must be 1..100000000, was " + size);
        Profile base = Names.profile(profile);
        Set<String> tableEngines = new LinkedHashSet<>();
        Set<Workload> workloads = new LinkedHashSet<>();
        for (Published.Table table : published.tables()) {
            workloads.add(Names.workload(table.workload()));
            table.rows().stream().map(Published.Row::engine).filter(e -> e != null).forEach(tableEngines::add);
        }
        if (engines != null) {
            for (String id : engines) {
                if (!tableEngines.contains(id)) {
                    throw new IllegalArgumentException("engine '" + id + "' is not in the published " + name + " table; its engines: "
                            + String.join(", ", tableEngines));
                }
            }
            tableEngines.retainAll(engines);
        }
        Set<String> registered = new HashSet<>();
        Engines.all().forEach(e -> registered.add(e.id()));
        for (String id : List.copyOf(tableEngines)) {
            if (Engines.OPT_IN.contains(id) && !registered.contains(id)) {
                tableEngines.remove(id);
                spec.commandLine().getErr().println("kvbench: " + id + " is in the published table but not in this build "
                        + "(an opt-in engine: build with -P" + id + "); its row stays published, not measured");
            }
        }
        if (tableEngines.isEmpty()) throw new IllegalArgumentException("none of the published " + name + " table's engines is in this build");
        List<KvEngine> selected = tableEngines.stream().map(Engines::byId).toList();
        Profile sized = shapes.rename(sized(base, workloads, size));
        RunCommand.Request request = new RunCommand.Request(selected, shapes.apply(List.copyOf(workloads)), sized,
                "reproduce-" + name, out, null, 0);
        RunCommand.measure(request, runner.containerResources(), runner::choose, spec.commandLine().getOut());
        return ExitCode.OK.code();
    }

    /** The profile with every family of these workloads at {@code size} records, named for it: never the stock one. */
    private static Profile sized(Profile p, Set<Workload> workloads, long size) {
        return RecordCopy.with(p, Profile.class, fields -> {
            fields.put("name", p.name() + "+records=" + size);
            for (Workload w : workloads) fields.withObject("/records").put(w.family(), size);
        });
    }
}
