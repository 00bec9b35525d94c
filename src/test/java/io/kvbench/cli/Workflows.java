package io.kvbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The GitHub workflows of this repository (.github/workflows/*.yml), read as YAML trees, and their steps. */
final class Workflows {

    static final Path DIR = Path.of(".github", "workflows");
    private static final Pattern DEFAULTED =
            Pattern.compile("^\\$\\{\\{[^}]*\\|\\|\\s*'([^']*)'\\s*}}$");

    /** One workflow file. */
    record Workflow(String file, JsonNode root) {

        JsonNode job(String id) {
            JsonNode job = root.path("jobs").path(id);
            if (job.isMissingNode()) throw new AssertionError(file + " has no job '" + id + "'");
            return job;
        }

        List<Step> steps() {
            List<Step> steps = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> jobs = root.path("jobs").fields(); jobs.hasNext(); ) {
                Map.Entry<String, JsonNode> job = jobs.next();
                JsonNode list = job.getValue().path("steps");
                for (int i = 0; i < list.size(); i++) steps.add(new Step(file, job.getKey(), i, list.get(i)));
            }
            return steps;
        }
    }

    /** One step of a job; {@code run} and {@code uses} are empty when the step has none. */
    record Step(String workflow, String job, int index, JsonNode node) {

        String run() {
            return node.path("run").asText("");
        }

        String uses() {
            return node.path("uses").asText("");
        }

        /**
         * The step's environment as far as it is known before run time: the workflow's, the job's and the step's
         * {@code env:}, each value literal or a {@code ${{ ... || 'default' }}} expression taken at its default.
         */
        Map<String, String> env() {
            Map<String, String> env = new LinkedHashMap<>();
            JsonNode root = named(workflow).root();
            for (JsonNode level : List.of(root.path("env"), root.path("jobs").path(job).path("env"),
                    node.path("env"))) {
                for (Iterator<Map.Entry<String, JsonNode>> vars = level.fields(); vars.hasNext(); ) {
                    Map.Entry<String, JsonNode> var = vars.next();
                    String value = var.getValue().asText();
                    Matcher fallback = DEFAULTED.matcher(value);
                    if (fallback.matches()) env.put(var.getKey(), fallback.group(1));
                    else if (!value.contains("${{")) env.put(var.getKey(), value);
                    else env.remove(var.getKey());
                }
            }
            return env;
        }

        /** The lines of the run script, stripped. */
        List<String> runLines() {
            return run().lines().map(String::strip).toList();
        }

        @Override
        public String toString() {
            return workflow + ", job " + job + ", step " + (index + 1)
                    + (node.has("name") ? " '" + node.get("name").asText() + "'" : node.has("uses") ? " (" + uses()
                    + ")" : "");
        }
    }

    private Workflows() {
    }

    static List<Workflow> all() {
        if (!Files.isDirectory(DIR)) throw new AssertionError(DIR.toAbsolutePath() + " is missing");
        YAMLMapper yaml = new YAMLMapper();
        try (Stream<Path> files = Files.list(DIR)) {
            List<Workflow> workflows = new ArrayList<>();
            for (Path file : files.filter(f -> f.toString().endsWith(".yml") || f.toString().endsWith(".yaml")).sorted()
                    .toList()) {
                workflows.add(new Workflow(file.getFileName().toString(), yaml.readTree(file.toFile())));
            }
            return workflows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Workflow named(String file) {
        return all().stream().filter(w -> w.file().equals(file)).findFirst()
                .orElseThrow(() -> new AssertionError(DIR.resolve(file) + " is missing"));
    }

    static List<Step> allSteps() {
        return all().stream().flatMap(w -> w.steps().stream()).toList();
    }
}
