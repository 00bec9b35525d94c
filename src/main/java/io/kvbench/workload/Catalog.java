package io.kvbench.workload;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The workloads and profiles shipped in the jar ({@code kvbench/workloads.json}, {@code kvbench/profiles/*.json}).
 * A profile may also be given as a path to a JSON file of the same shape.
 */
public final class Catalog {

    /** The profiles shipped with kvbench, smallest first. */
    public static final List<String> PROFILES = List.of("smoke", "ci", "nightly");

    // Strict about unknown fields (a typo is an error); absent optional fields take the defaults Workload and Profile set.
    private static final ObjectMapper JSON = JsonMapper.builder()
            .build();
    private static final Map<String, Workload> WORKLOADS = loadWorkloads();

    private Catalog() {
    }

    /** Every workload, in the order of workloads.json. */
    public static List<Workload> workloads() {
        return List.copyOf(WORKLOADS.values());
    }

    /** A workload by name; an unknown name is an error that lists the valid ones. */
    public static Workload workload(String name) {
        Workload workload = WORKLOADS.get(name);
        if (workload == null) {
            throw new IllegalArgumentException("unknown workload '" + name + "'; valid workloads: " + String.join(", ", WORKLOADS.keySet()));
        }
        return workload;
    }

    /** A shipped profile by name, or a profile JSON file by path. */
    public static Profile profile(String nameOrPath) {
        if (PROFILES.contains(nameOrPath)) {
            try (InputStream in = resource("kvbench/profiles/" + nameOrPath + ".json")) {
                return JSON.readValue(in, Profile.class);
            } catch (IOException e) {
                throw new UncheckedIOException("shipped profile " + nameOrPath + " is unreadable", e);
            }
        }
        Path file = Path.of(nameOrPath);
        if (nameOrPath.endsWith(".json") && Files.isRegularFile(file)) {
            try {
                return JSON.readValue(file.toFile(), Profile.class);
            } catch (IOException e) {
                throw new IllegalArgumentException("profile file " + file + " is malformed: " + originalMessage(e), e);
            }
        }
        throw new IllegalArgumentException("unknown profile '" + nameOrPath + "'; valid profiles: "
                + String.join(", ", PROFILES) + " (or a path to a profile .json file)");
    }

    private static Map<String, Workload> loadWorkloads() {
        try (InputStream in = resource("kvbench/workloads.json")) {
            List<Workload> list = JSON.readValue(in, new TypeReference<List<Workload>>() { });
            Map<String, Workload> byName = new LinkedHashMap<>();
            for (Workload w : list) {
                if (byName.put(w.name(), w) != null) throw new IllegalStateException("workload '" + w.name() + "' is defined twice");
            }
            return byName;
        } catch (IOException e) {
            throw new UncheckedIOException("kvbench/workloads.json is unreadable", e);
        }
    }

    private static String originalMessage(IOException e) {
        return e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = Catalog.class.getClassLoader().getResourceAsStream(name);
        if (in == null) throw new IOException("resource " + name + " is missing from the class path");
        return in;
    }
}
