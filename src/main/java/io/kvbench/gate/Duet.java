package io.kvbench.gate;

import io.kvbench.infra.Directories;
import io.kvbench.input.BadInputException;
import io.kvbench.result.RunResults;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.run.DuetSlot;
import io.kvbench.task.ContainerResources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Duet benchmarking (Bulej et al., "Duet Benchmarking: Improving Measurement Accuracy in the Cloud", ICPE 2020): A and
 * B of a round run at the same time, each pinned to its own core, so that interference that comes and goes (the
 * host's other work, memory bandwidth, frequency) falls on both at once and cancels in the round's ratio B/A. The
 * sides swap cores every round and which side is started first every second round, so that in every four rounds each
 * side has each core and each start twice: a difference between the two cores (one takes the host's interrupts) or
 * between starting first and second falls on both sides alike instead of biasing the ratio.
 *
 * @param cores the two cpusets, e.g. "0" and "1"; they must not overlap
 */
public record Duet(List<String> cores) implements RoundSchedule {

    public Duet {
        if (cores == null || cores.size() != 2) {
            throw new BadInputException("a duet needs exactly two cpusets, was " + cores);
        }
        var first = ContainerResources.cpus(cores.get(0));
        var second = ContainerResources.cpus(cores.get(1));
        if (first.stream().anyMatch(second::contains)) {
            throw new BadInputException("the duet's cpusets " + cores.get(0) + " and " + cores.get(1)
                    + " overlap: each side needs its own cores");
        }
        cores = List.copyOf(cores);
    }

    @Override
    public List<RunResults> run(Interleaving.Side a, Interleaving.Side b, int placement, Path scratch,
            SideRun run) throws IOException {
        List<String> assigned = (placement & 1) == 0 ? cores : List.of(cores.get(1), cores.get(0));
        Path barrier = scratch.resolve("duet-barrier");
        Directories.deleteRecursively(barrier); // a leftover of an interrupted session in the same --out
        Files.createDirectories(barrier);
        DuetSlot slotA = new DuetSlot(assigned.get(0), barrier, a.name(), b.name());
        Interleaving.Side pinnedA = pinned(a, slotA);
        Interleaving.Side pinnedB = pinned(b, new DuetSlot(assigned.get(1), barrier, b.name(), a.name()));
        ExecutorService both = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "duet");
            t.setDaemon(true);
            return t;
        });
        try {
            // The side started first may finish first and measure its last iterations alone: take turns, too.
            boolean aFirst = (placement & 2) == 0;
            Future<RunResults> first = both.submit(() -> run.run(aFirst ? pinnedA : pinnedB));
            Future<RunResults> second = both.submit(() -> run.run(aFirst ? pinnedB : pinnedA));
            return aFirst ? List.of(first.get(), second.get()) : List.of(second.get(), first.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the duet ran", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) throw io;
            if (cause instanceof UncheckedIOException io) throw io.getCause();
            if (cause instanceof RuntimeException re) throw re;
            if (cause instanceof Error err) throw err;
            throw new IOException(cause);
        } finally {
            both.shutdownNow(); // on failure the other side is interrupted: its runner removes its container
            // An abandoned barrier stays as the record that this round's sides ran unaligned; otherwise it is scratch.
            if (!slotA.abandoned()) Directories.deleteRecursively(barrier);
        }
    }

    /** Whether a Docker host with {@code hostCpus} CPUs (numbered from 0) has both cpusets. */
    public boolean fits(int hostCpus) {
        return cores.stream().allMatch(c -> ContainerResources.cpus(c).last() < hostCpus);
    }

    @Override
    public String describe() {
        return "A and B at the same time (duet), on cpusets " + cores.get(0) + " and " + cores.get(1)
                + ", swapped every round";
    }

    private static Interleaving.Side pinned(Interleaving.Side side, DuetSlot slot) {
        BenchmarkRunner runner = side.runner().inDuet(slot).orElseThrow(() -> new BadInputException(
                "a duet pins each side to its own core, which the " + side.runner().name()
                        + " runner cannot: use --runner container"));
        return new Interleaving.Side(side.name(), runner, side.description());
    }
}
