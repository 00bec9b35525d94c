package io.kvbench.history;

import com.fasterxml.jackson.databind.JsonNode;
import io.kvbench.result.ResultsJson;
import io.kvbench.infra.Commands;
import io.kvbench.infra.InfrastructureException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Change-point detection by Apache Otava (E-divisive means, the method of MongoDB's and DataStax's performance CI),
 * called through its own command line: kvbench writes one CSV per series and one config naming them, runs
 * {@code otava analyze --output json} once for all series, and reads one JSON object per series from its output.
 * The CLI rather than its Python API: the CLI and its CSV source are Otava's documented interface, so a new Otava
 * release is less likely to break this than a script importing its internals.
 */
public final class Otava {

    public static final String ENV = "KVBENCH_OTAVA";
    public static final String INSTALL_HINT = "install it with `python3 -m venv otava-venv && otava-venv/bin/pip "
            + "install apache-otava==0.8.0` and pass --otava otava-venv/bin/otava (or set " + ENV + ")";

    /** One night of a series as Otava sees it. */
    public record Point(Instant time, String commit, double score) {
    }

    /** A series to analyse; {@code id} must be unique within one call (it names the CSV and the Otava test). */
    public record Input(String id, List<Point> points) {
    }

    /**
     * A change point Otava reported.
     *
     * @param index      the first night of the new level, an index into the input's points
     * @param meanBefore mean of the segment before it, as Otava computed it
     * @param meanAfter  mean of the segment after it
     */
    public record Found(String id, int index, double meanBefore, double meanAfter, double pValue) {

        public double shiftPercent() {
            return (meanAfter / meanBefore - 1) * 100;
        }
    }

    /**
     * @param pValue    Otava's -P: the largest p-value a change point may have (Otava's default 0.001)
     * @param magnitude Otava's -M: the smallest |mean after / mean before - 1| that is reported
     */
    public record Settings(double pValue, double magnitude) {
        public static final Settings DEFAULT = new Settings(0.001, 0.0);
    }

    private final List<String> command;

    Otava(List<String> command) {
        this.command = List.copyOf(command);
    }

    /**
     * The Otava command: {@code option} if given, else {@value #ENV}, else {@code otava} on the PATH. Missing is an
     * infrastructure error (exit 3) with the line that says how to install it.
     */
    public static Otava resolve(String option, Map<String, String> env) {
        String given = option != null && !option.isBlank() ? option : env.get(ENV);
        String source = option != null && !option.isBlank() ? "--otava" : ENV;
        if (given == null || given.isBlank()) {
            Path onPath = onPath("otava", env.getOrDefault("PATH", ""));
            if (onPath == null) throw new InfrastructureException("Apache Otava not found (no --otava, no " + ENV
                    + ", no otava on PATH): " + INSTALL_HINT);
            return new Otava(List.of(onPath.toString()));
        }
        List<String> words = Arrays.asList(given.trim().split("\\s+"));
        String program = words.get(0);
        boolean found = program.contains("/") ? Files.isExecutable(Path.of(program))
                : onPath(program, env.getOrDefault("PATH", "")) != null;
        if (!found) throw new InfrastructureException("Apache Otava not found at " + program + " (" + source + "): "
                + INSTALL_HINT);
        return new Otava(words);
    }

    private static Path onPath(String program, String path) {
        return Commands.onPath(program, path).orElse(null);
    }

    public List<String> command() {
        return command;
    }

    /** Analyses every series in one Otava process; work files (CSVs, config, Otava's output) stay in {@code workDir}.
     * */
    public List<Found> analyze(List<Input> inputs, Settings settings, Path workDir) throws IOException {
        List<Input> analysable = inputs.stream().filter(i -> !i.points().isEmpty()).toList();
        if (analysable.isEmpty()) return List.of();
        Files.createDirectories(workDir);
        StringBuilder config = new StringBuilder("tests:\n");
        for (Input input : analysable) {
            Path csv = workDir.resolve(input.id() + ".csv");
            Files.writeString(csv, csv(input), StandardCharsets.UTF_8);
            // Direction only changes Otava's wording; kvbench decides better/worse itself from the metric.
            config.append("  ").append(input.id()).append(":\n    type: csv\n    file: '")
                    .append(csv.toAbsolutePath().toString().replace("'", "''")).append("'\n    time_column: time\n")
                    .append("    attributes: [commit]\n    metrics:\n      score:\n        direction: 1\n");
        }
        Path configFile = workDir.resolve("otava.yaml");
        Files.writeString(configFile, config.toString(), StandardCharsets.UTF_8);
        List<String> cmd = new ArrayList<>(command);
        cmd.addAll(List.of("analyze", "--config-file", configFile.toString(), "--output", "json",
                "-P", Double.toString(settings.pValue()), "-M", Double.toString(settings.magnitude())));
        analysable.forEach(i -> cmd.add(i.id()));
        Path stdout = workDir.resolve("otava-output.jsonl");
        Path stderr = workDir.resolve("otava-stderr.txt");
        Process process = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
                .start();
        try {
            if (!process.waitFor(30, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new InfrastructureException("Otava did not finish within 30 minutes: " + String.join(" ", cmd));
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new InfrastructureException("interrupted while Otava ran");
        }
        if (process.exitValue() != 0) {
            throw new InfrastructureException("Otava exited with " + process.exitValue() + ": " + lastLine(stderr)
                    + " (see " + stderr + ")");
        }
        return parse(Files.readAllLines(stdout, StandardCharsets.UTF_8), analysable);
    }

    /** One {"id": [groups]} object per line; anything else on stdout is ignored. Every series must have answered. */
    static List<Found> parse(List<String> lines, List<Input> inputs) throws IOException {
        Map<String, Input> byId = new HashMap<>();
        inputs.forEach(i -> byId.put(i.id(), i));
        Map<String, JsonNode> answers = new HashMap<>();
        for (String line : lines) {
            String trimmed = line.trim();
            if (!trimmed.startsWith("{")) continue;
            JsonNode node = ResultsJson.MAPPER.readTree(trimmed);
            node.fieldNames().forEachRemaining(name -> answers.put(name, node.get(name)));
        }
        List<Found> found = new ArrayList<>();
        for (Input input : inputs) {
            JsonNode groups = answers.get(input.id());
            if (groups == null) throw new InfrastructureException("Otava gave no result for series " + input.id());
            for (JsonNode group : groups) {
                for (JsonNode change : group.path("changes")) {
                    int index = locate(input, change);
                    found.add(new Found(input.id(), index, number(change, "mean_before"), number(change, "mean_after"),
                            number(change, "pvalue")));
                }
            }
        }
        return found;
    }

    /** By time (epoch seconds) where it is unambiguous, else Otava's index: robust to Otava reordering or dropping
     * rows. */
    private static int locate(Input input, JsonNode change) {
        long epoch = change.path("time").asLong(Long.MIN_VALUE);
        List<Integer> matches = new ArrayList<>();
        for (int i = 0; i < input.points().size(); i++) {
            if (input.points().get(i).time().getEpochSecond() == epoch) matches.add(i);
        }
        if (matches.size() == 1) return matches.get(0);
        int index = change.path("index").asInt(-1);
        if (index < 0 || index >= input.points().size()) {
            throw new InfrastructureException("Otava reported a change point of " + input.id()
                    + " that matches no night: " + change);
        }
        return index;
    }

    private static double number(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null) return Double.NaN;
        return v.isNumber() ? v.doubleValue() : Double.parseDouble(v.asText());
    }

    static String csv(Input input) {
        StringBuilder s = new StringBuilder("time,commit,score\n");
        for (Point p : input.points()) {
            // Whole seconds: Otava reports times as epoch seconds, and its date parser need not know nanoseconds.
            s.append(p.time().truncatedTo(ChronoUnit.SECONDS)).append(',')
                    .append(p.commit().replaceAll("[,\"\\s]", "_")).append(',')
                    .append(String.format(Locale.ROOT, "%.6g", p.score())).append('\n');
        }
        return s.toString();
    }

    private static String lastLine(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = lines.size() - 1; i >= 0; i--) if (!lines.get(i).isBlank()) return lines.get(i).trim();
        return "(no output)";
    }
}
