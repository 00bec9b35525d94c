package io.kvbench.result;

import io.kvbench.input.BadInputException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Merges the results of several runs ("shards": parallel CI jobs, one engine each) into one run, so that one report and
 * one baseline comparison cover them all. The rules, each broken one refused with an IllegalArgumentException (bad
 * input) that names the shards:
 * <ul>
 * <li>every shard is of the same profile: the profile sizes datasets and iterations, so numbers of two profiles are
 *     never comparable;</li>
 * <li>the shards that measured something (at least one OK result) agree on runner and resource limits
 *     ({@link #LIMIT_KEYS}): numbers measured under other limits are not comparable. They may come from several machine
 *     classes (a hosted matrix mixes CPU models): the merged run then reports them side by side under a
 * {@link #MIXED} class, and each shard is judged against its own class on its own. A shard that measured nothing (only
 * n/a or ERROR results, say its Docker set-up failed) is merged
 *     whatever it ran on, so that its errors are reported;</li>
 * <li>an (engine, workload) is in one shard only;</li>
 * <li>the merged run is complete only when every shard is; it started when the earliest shard did, and carries the
 *     machine and runner of the first shard that measured something. JDK, git revision and engine versions stay in each
 *     result's context (reports list every value when they differ).</li>
 * </ul>
 */
public final class RunMerge {

    /** The resource settings that decide what a number means; the image tag, base image id and cpuset may differ. */
    public static final List<String> LIMIT_KEYS = List.of("name", "cpus", "memory", "heap", "gc", "jvmFlags");

    /** One run to merge, with the name it is reported by (its directory). */
    public record Shard(String name, RunResults run) {

        public Shard {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(run, "run");
        }

        boolean measured() {
            return run.results().stream().anyMatch(r -> r.status() == Status.OK);
        }

        String machineClass() {
            return run.machine() == null ? null : run.machine().machineClass();
        }

        /** The distinct resource limits of its measured results. */
        Set<String> limits() {
            Set<String> limits = new TreeSet<>();
            for (BenchmarkResult r : run.results()) {
                if (r.status() != Status.OK || r.context() == null) continue;
                Map<String, String> resources = r.context().resources() == null ? Map.of() : r.context().resources();
                Map<String, String> kept = new TreeMap<>();
                for (String key : LIMIT_KEYS) if (resources.containsKey(key)) kept.put(key, resources.get(key));
                limits.add(kept.toString());
            }
            return limits;
        }
    }

    private RunMerge() {
    }

    public static RunResults merge(List<Shard> shards) {
        if (shards.isEmpty()) throw new BadInputException("nothing to merge: no shard given");
        Shard first = shards.get(0);
        for (Shard s : shards) {
            if (!Objects.equals(s.run().profile(), first.run().profile())) {
                throw new BadInputException(conflict("profiles", first, s, first.run().profile(), s.run()
                        .profile())
                        + ": numbers of different profiles are never comparable; merge shards of one profile");
            }
        }
        List<Shard> measured = shards.stream().filter(Shard::measured).toList();
        Shard reference = measured.isEmpty() ? first : measured.get(0);
        for (Shard s : measured) {
            if (!Objects.equals(s.run().runner(), reference.run().runner())) {
                throw new BadInputException(conflict("runners", reference, s, reference.run().runner(), s.run()
                        .runner())
                        + ": container and local numbers are not comparable");
            }
            if (!s.limits().equals(reference.limits())) {
                throw new BadInputException(conflict("resource limits", reference, s,
                        String.join(" ", reference.limits()),
                        String.join(" ", s.limits())) + ": numbers measured under different limits are not comparable");
            }
        }
        Map<String, String> owner = new LinkedHashMap<>();
        List<BenchmarkResult> results = new ArrayList<>();
        for (Shard s : shards) {
            for (BenchmarkResult r : s.run().results()) {
                String previous = owner.putIfAbsent(r.key(), s.name());
                if (previous != null) {
                    throw new BadInputException(r.key() + " is in shard " + previous + " and in shard "
                            + s.name()
                            + ": each (engine, workload) may come from one shard only");
                }
                results.add(r);
            }
        }
        boolean complete = shards.stream().allMatch(s -> s.run().complete());
        return new RunResults(RunResults.SCHEMA_VERSION, complete, first.run().profile(), reference.run().runner(),
                earliestStart(shards), machine(measured.isEmpty() ? shards : measured, reference), results);
    }

    /** The class of a merged run whose shards ran on several machine classes: never a directory of baselines. */
    public static final String MIXED = "mixed:";

    /**
     * Shards of one machine class keep it; shards of several (hosted runners of different CPU models in one matrix) are
     * reported side by side under a class that names them all, each result keeping its own machine in its context.
     * Such a run is judged shard by shard against its own class, never as a whole.
     */
    private static MachineInfo machine(List<Shard> shards, Shard reference) {
        Set<String> classes = new TreeSet<>();
        for (Shard s : shards) if (s.machineClass() != null) classes.add(s.machineClass());
        MachineInfo m = reference.run().machine();
        if (classes.size() <= 1 || m == null) return m;
        return new MachineInfo(classes.size() + " machine classes", m.cores(), m.memoryBytes(), m.os(),
                MIXED + String.join("+", classes));
    }

    private static String conflict(String what, Shard a, Shard b, String valueA, String valueB) {
        return "shards " + a.name() + " and " + b.name() + " have different " + what + " (" + valueA + " vs " + valueB
                + ")";
    }

    /** The earliest startedAt; ISO-8601 instants by time, anything unparseable only when nothing else is known. */
    private static String earliestStart(List<Shard> shards) {
        String earliest = null;
        Instant earliestInstant = null;
        for (Shard s : shards) {
            String started = s.run().startedAt();
            if (started == null) continue;
            try {
                Instant instant = Instant.parse(started);
                if (earliestInstant == null || instant.isBefore(earliestInstant)) {
                    earliestInstant = instant;
                    earliest = started;
                }
            } catch (DateTimeParseException e) {
                if (earliest == null) earliest = started;
            }
        }
        return earliest;
    }
}
