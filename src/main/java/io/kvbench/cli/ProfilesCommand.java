package io.kvbench.cli;

import io.kvbench.task.ContainerResources;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kvbench profiles [--json]}: the benchmark profiles --profile takes (sizes, iterations, forks, heap, default
 * selection) and the resource profiles --resources takes, as shipped in the jar.
 */
@Command(name = "profiles", mixinStandardHelpOptions = true,
        description = "List the benchmark profiles (--profile NAME: records per workload family, forks, heap, default "
                + "engines and workloads) and the resource profiles of the benchmark containers (--resources NAME).")
final class ProfilesCommand implements Callable<Integer> {

    @Option(names = "--json", description = "Print every field of every profile as JSON instead (default: text).")
    boolean json;

    @Spec
    CommandSpec spec;

    /** The JSON shape: the two kinds of profile, each as its file holds it. */
    record Profiles(List<Profile> profiles, List<ContainerResources> resourceProfiles) {
    }

    @Override
    public Integer call() throws Exception {
        List<Profile> profiles = Catalog.PROFILES.stream().map(Catalog::profile).toList();
        List<ContainerResources> resources = ContainerResources.SHIPPED.stream().map(ContainerResources::load).toList();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Listing.json(out, new Profiles(profiles, resources));
        } else {
            out.println("Benchmark profiles (--profile NAME, or a .json file of the same shape):");
            for (Profile p : profiles) Listing.item(out, heading(p), "Records: " + records(p) + ". " + p.description());
            out.println();
            out.println("Resource profiles of the benchmark containers (--resources NAME, or a .json file):");
            for (ContainerResources r : resources) {
                Listing.item(out, String.format("%-10s cpusets %s, memory %s, %s %s", r.name(),
                        String.join(" or ", r.cpusets()),
                        r.memory(), r.gc(), String.join(" ", r.jvmFlags())), r.description());
            }
        }
        out.flush();
        return ExitCode.OK.code();
    }

    /** "ci  2 forks, heap 1g; by default 8 workloads on every engine". */
    private static String heading(Profile p) {
        String workloads = p.defaultWorkloads().isEmpty() ? "every workload" : p.defaultWorkloads().size()
                + " workloads";
        String engines = p.defaultEngines().isEmpty() ? "every engine" : p.defaultEngines().size() + " engines";
        return String.format("%-10s %d fork%s, heap %s; by default %s on %s", p.name(), p.forks(), p.forks() == 1 ? ""
                : "s",
                p.heap(), workloads, engines);
    }

    /** "ds4j 20000, halo 100000, ...": records per workload family, by family name. */
    private static String records(Profile p) {
        StringBuilder records = new StringBuilder();
        for (Map.Entry<String, Long> family : new TreeMap<>(p.records()).entrySet()) {
            records.append(records.length() == 0 ? "" : ", ").append(family.getKey()).append(' ')
                    .append(family.getValue());
        }
        return records.toString();
    }
}
