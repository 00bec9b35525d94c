package io.kvbench.cli;

import io.kvbench.workload.Catalog;
import io.kvbench.workload.Workload;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kvbench workloads [--json]}: the workloads --workloads takes, from the catalogue shipped in the jar. */
@Command(name = "workloads", mixinStandardHelpOptions = true,
        description = "List the workloads (--workloads NAME) with what each measures, its family (which the profile "
                + "sizes), keys, values and threads.")
final class WorkloadsCommand implements Callable<Integer> {

    @Option(names = "--json",
            description = "Print every field of every workload as a JSON array instead (default: text).")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Listing.json(out, Catalog.workloads());
        } else {
            for (Workload w : Catalog.workloads()) Listing.item(out, heading(w), w.description());
        }
        out.flush();
        return ExitCode.OK.code();
    }

    /** "ycsb-c  family ycsb, timed operations, zipfian, 1 thread, value random 1000 B". */
    private static String heading(Workload w) {
        String measures = switch (w.phase()) {
            case WRITE_PASS -> "write pass, " + w.order().name().toLowerCase(Locale.ROOT);
            case READ_PASS -> "read pass, " + w.order().name().toLowerCase(Locale.ROOT);
            case OPERATIONS -> "timed operations, " + w.distribution().name().toLowerCase(Locale.ROOT);
        };
        String value = w.value() == Workload.ValueFormat.RANDOM ? "random " + w.valueBytes() + " B"
                : w.value().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        return String.format("%-24s family %s, %s, %d thread%s, value %s%s", w.name(), w.family(), measures,
                w.threads(),
                w.threads() == 1 ? "" : "s", value, w.variableSizes() ? " (variable)" : "");
    }
}
