package io.kvbench.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.kvbench.baseline.BaselineStore;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The nightly history: {@code <root>/<profile>/<machineClass>/<engine>/<workload>.jsonl}, one {@link Night} per line in
 * time order. It lives on a dedicated git branch that the nightly workflow checks out, appends to and pushes, so it is
 * plain text that diffs line by line and needs no service.
 */
public final class HistoryStore {

    static final String SUFFIX = ".jsonl";
    private static final ObjectWriter LINE = ResultsJson.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

    /** A series: the nights of one benchmark on one machine class under one profile. */
    public record Series(String profile, String machineClass, BenchmarkKey key, List<Night> nights) {

        public String label() {
            return key.engine() + " / " + key.workload() + " on " + machineClass + " (" + profile + ")";
        }

        public List<Night> okNights() {
            return nights.stream().filter(Night::ok).toList();
        }
    }

    private final Path root;

    public HistoryStore(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    public Path directory(String profile, String machineClass) {
        return root.resolve(BaselineStore.segment("profile", profile))
                .resolve(BaselineStore.segment("machine class", machineClass));
    }

    public Path file(String profile, String machineClass, BenchmarkKey key) {
        return directory(profile, machineClass).resolve(BaselineStore.segment("engine", key.engine()))
                .resolve(BaselineStore.segment("workload", key.workload()) + SUFFIX);
    }

    /**
     * Appends every measured result of a run as one night at {@code time}. The machine class is each result's own
     * (a merged run may mix classes). A night already present (same time and commit) is replaced, not duplicated, so
     * a re-run of the workflow's history step changes nothing. Not-applicable results were never measured: skipped.
     *
     * @return how many lines were added or replaced
     */
    public int append(RunResults run, String time, String commit) throws IOException {
        int written = 0;
        for (BenchmarkResult result : run.results()) {
            if (result.status() == Status.NOT_APPLICABLE) continue;
            String machineClass = result.context() != null && result.context().machine() != null
                    ? result.context().machine().machineClass() : run.machine().machineClass();
            // The run's profile, as the gate and compare look it up (a result's context may name a profile file).
            append(run.profile(), machineClass, new Night(time, commit, result));
            written++;
        }
        return written;
    }

    /** Adds (or replaces) one night of one series; the file is rewritten atomically and stays in time order. */
    public void append(String profile, String machineClass, Night night) throws IOException {
        Path file = file(profile, machineClass, BenchmarkKey.of(night.result()));
        List<Night> nights = new ArrayList<>(read(file));
        nights.removeIf(n -> n.sameNightAs(night));
        nights.add(night);
        nights.sort(Comparator.comparing(Night::instant));
        StringBuilder text = new StringBuilder();
        for (Night n : nights) text.append(LINE.writeValueAsString(n)).append('\n');
        AtomicFiles.writeString(file, text.toString());
    }

    /** The nights of one series in time order; none when the file does not exist. */
    public List<Night> read(String profile, String machineClass, BenchmarkKey key) throws IOException {
        return read(file(profile, machineClass, key));
    }

    /** Every series under the root, sorted by profile, machine class, engine and workload. */
    public List<Series> all() throws IOException {
        List<Series> out = new ArrayList<>();
        for (Path profile : children(root)) {
            for (Path machineClass : children(profile)) out.addAll(series(profile.getFileName().toString(),
                    machineClass));
        }
        return out;
    }

    /** Every series of one profile and machine class (none when the class was never recorded). */
    public List<Series> series(String profile, String machineClass) throws IOException {
        return series(profile, directory(profile, machineClass));
    }

    private List<Series> series(String profile, Path classDir) throws IOException {
        List<Series> out = new ArrayList<>();
        for (Path engine : children(classDir)) {
            for (Path file : children(engine)) {
                String name = file.getFileName().toString();
                if (!name.endsWith(SUFFIX) || !Files.isRegularFile(file)) continue;
                BenchmarkKey key = new BenchmarkKey(engine.getFileName().toString(),
                        name.substring(0, name.length() - SUFFIX.length()));
                out.add(new Series(profile, classDir.getFileName().toString(), key, read(file)));
            }
        }
        return out;
    }

    public static List<Night> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) return List.of();
        List<Night> nights = new ArrayList<>();
        List<String> lines = new String(Inputs.readFile(file, "a history"), StandardCharsets.UTF_8).lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) continue;
            Night night;
            try {
                night = ResultsJson.MAPPER.readValue(lines.get(i), Night.class);
            } catch (JsonProcessingException e) {
                throw new InputException(file, "line " + (i + 1), "is not a night of the history: "
                        + Inputs.malformed(file, e).getMessage().substring(file.toString().length() + 2), e);
            }
            if (night == null || night.result() == null) throw new InputException(file, "line " + (i + 1) + ".result",
                    "is missing");
            Inputs.id(file, "line " + (i + 1) + ".result.engine", night.result().engine());
            Inputs.id(file, "line " + (i + 1) + ".result.workload", night.result().workload());
            if (night.result().status() == null) throw new InputException(file, "line " + (i + 1) + ".result.status",
                    "is missing");
            nights.add(night);
        }
        nights.sort(Comparator.comparing(Night::instant));
        return nights;
    }

    /** Subdirectories only (hidden ones such as .git of the checked-out branch are not profiles), sorted. */
    private static List<Path> children(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
        }
    }
}
