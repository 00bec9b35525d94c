package io.kvbench.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.input.BadInputException;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Published;
import io.kvbench.workload.Workload;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code kvbench reproduce NAME}: one published comparison's workloads on the engines of its table that kvbench has, at
 * the published size, then its tables beside this machine's (ratios to the fastest engine, ranks, Kendall's tau with
 * its interval). Runs like {@code run} with the profile's heap; each workload's forks and iterations are its published
 * table's settings where the table file has them (what measures its rows tightly enough to rank), else the profile's.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = {"Re-run a published comparison at its published size and print its tables beside this "
                + "machine's.",
                "Its results are recorded under the profile name <profile>+records=N+table-settings when published "
                        + "tables' forks and iterations replace the profile's (--iterations-from table, the default), "
                        + "else <profile>+records=N."})
final class ReproduceCommand implements Callable<Integer> {

    @Parameters(paramLabel = "NAME", description = "The published comparison: ${COMPLETION-CANDIDATES}.",
            completionCandidates = PublishedNames.class)
    String name;

    @Option(names = "--records", paramLabel = "N",
            description = "Records instead of the published size, for a quicker, smaller run (default: the published "
                    + "size).")
    Long records;

    @Option(names = "--engines", split = ",", paramLabel = "ID",
            description = "Only these of the table's engines, comma-separated or repeated (default: all of them that "
                    + "this build has).")
    List<String> engines;

    @Option(names = "--profile", defaultValue = "nightly", paramLabel = ProfileOption.LABEL,
            description = "Benchmark profile giving the heap, and iterations and forks where a table has no settings "
                    + "or with --iterations-from profile; its records are replaced by the published size: a shipped "
                    + "one (`kvbench profiles` lists them) or a profile .json file (default: ${DEFAULT-VALUE}).")
    String profile;

    /** Where a workload's forks and iterations come from. */
    enum IterationSource { table, profile }

    @Option(names = "--iterations-from", defaultValue = "table", paramLabel = "table|profile",
            description = "Where each workload's forks and iterations come from: table, its published table's settings "
                    + "in the published file, which measure its rows tightly enough to rank; profile, the profile's, "
                    + "for a quicker run whose rows may be unresolved (default: ${DEFAULT-VALUE}).")
    IterationSource iterations;

    @Mixin
    RunnerOptions runner;

    @Mixin
    ShapeOptions shapes = new ShapeOptions();

    @Option(names = "--out", paramLabel = "DIR", description = OutOption.DESCRIPTION)
    Path out;

    @Mixin
    AdapterOption adapters = new AdapterOption();

    @Mixin
    EngineSwapOptions engineBuilds = new EngineSwapOptions();

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
        if (size < 1 || size > 100_000_000) {
            throw new BadInputException("--records must be 1..100000000, was " + size);
        }
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
                    throw new BadInputException("engine '" + id + "' is not in the published " + name
                            + " table; its engines: " + String.join(", ", tableEngines));
                }
            }
            tableEngines.retainAll(engines);
        }
        Set<String> registered = new HashSet<>();
        Engines.all().forEach(e -> registered.add(e.id()));
        for (String id : List.copyOf(tableEngines)) {
            if (Engines.OPT_IN.contains(id) && !registered.contains(id)) {
                tableEngines.remove(id);
                spec.commandLine().getErr().println("kvbench: " + id + " is in the published table but not registered "
                        + "(an outside adapter: add --adapter adapters/" + id
                        + "/target/adapter, docs/opt-in-engines.md); its row stays published, not measured");
            }
        }
        if (tableEngines.isEmpty()) {
            throw new BadInputException("none of the published " + name + " table's engines is in this build");
        }
        List<KvEngine> selected = tableEngines.stream().map(Engines::byId).toList();
        Map<String, Published.Settings> settings = iterations == IterationSource.table
                ? settings(published, workloads, size) : Map.of();
        Profile sized = shapes.rename(sized(base, workloads, size, !settings.isEmpty()));
        Map<String, Profile> byWorkload = new HashMap<>();
        settings.forEach((workload, s) -> byWorkload.put(workload, withSettings(sized, s)));
        PrintWriter console = spec.commandLine().getOut();
        for (Workload w : workloads) {
            console.println(describe(w, byWorkload.getOrDefault(w.name(), sized), settings.containsKey(w.name())));
        }
        console.flush();
        RunCommand.Request request = new RunCommand.Request(selected, shapes.apply(List.copyOf(workloads)), sized,
                "reproduce-" + name, out, null);
        RunCommand.measure(request, byWorkload, runner.containerResources(), runner::choose, console);
        return ExitCode.OK.code();
    }

    /**
     * The settings of every workload whose table (at the size nearest the run's, the one its results are set beside)
     * has them, by workload name.
     */
    static Map<String, Published.Settings> settings(Published published, Set<Workload> workloads, long size) {
        Map<String, Published.Settings> settings = new HashMap<>();
        for (Workload w : workloads) {
            published.nearest(w.name(), size).map(Published.Table::settings).ifPresent(s -> settings.put(w.name(), s));
        }
        return settings;
    }

    /** The profile with a table's forks and iterations, for passes and timed operations alike. */
    static Profile withSettings(Profile p, Published.Settings s) {
        return RecordCopy.with(p, Profile.class, fields -> {
            fields.put("forks", s.forks());
            ObjectNode it = fields.putObject("passes").put("warmupIterations", s.warmupIterations())
                    .put("warmupSeconds", s.seconds()).put("measurementIterations", s.measurementIterations())
                    .put("measurementSeconds", s.seconds());
            fields.set("readPasses", it.deepCopy());
            fields.set("operations", it.deepCopy());
        });
    }

    /** "tc-seq-read: 3 forks x (10 warm-up + 10 measured passes), the published table's settings". */
    private static String describe(Workload w, Profile p, boolean tableSettings) {
        Profile.Iterations it = p.iterations(w);
        return w.name() + ": " + p.forks() + (p.forks() == 1 ? " fork" : " forks") + " x (" + it.warmupIterations()
                + " warm-up + " + it.measurementIterations() + " measured "
                + (w.isPass() ? "passes" : "iterations of " + it.measurementSeconds() + " s") + "), "
                + (tableSettings ? "the published table's settings" : "the profile's");
    }

    /**
     * The profile with every family of these workloads at {@code size} records, named for it: never the stock one;
     * "+table-settings" where published tables' forks and iterations replace the profile's.
     */
    private static Profile sized(Profile p, Set<Workload> workloads, long size, boolean tableSettings) {
        return RecordCopy.with(p, Profile.class, fields -> {
            fields.put("name", p.name() + "+records=" + size + (tableSettings ? "+table-settings" : ""));
            for (Workload w : workloads) fields.withObject("/records").put(w.family(), size);
        });
    }
}
