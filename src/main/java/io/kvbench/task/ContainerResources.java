package io.kvbench.task;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.kvbench.input.BadInputException;
import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The fixed resources a benchmark container gets, read from {@code kvbench/resources/<name>.json} or a file of the same
 * shape (what users name a resource profile: {@code --resources NAME|FILE}). Data, not code, so that a machine class
 * can get its own without a change to kvbench.
 *
 * @param name        e.g. one-core
 * @param description what the profile is for
 * @param cpusets     Docker cpusets in order of preference; the first whose CPUs the Docker host has is used (core 1
 *                    on a 2-core machine, falling back to core 0 on a 1-core one)
 * @param memory      container memory limit, swap included (so a benchmark never swaps): an absolute size ("3g") or
 *                    "heap+SIZE", the benchmark profile's heap plus headroom for the JVM, the engine's native memory
 *                    and
 *                    page cache (a fixed limit would be too small for the nightly heap)
 * @param gc          the garbage collector of the benchmark JVMs, pinned so that JVM ergonomics cannot pick another
 *                    one on another machine: SerialGC, ParallelGC, G1GC, ZGC or ShenandoahGC
 * @param jvmFlags    further flags for the benchmark JVMs, e.g. -XX:ActiveProcessorCount=1
 */
public record ContainerResources(String name, String description, List<String> cpusets, String memory, String gc,
                                 List<String> jvmFlags) {

    /** The resources shipped with kvbench. */
    public static final List<String> SHIPPED = List.of("one-core");
    public static final String DEFAULT = "one-core";

    private static final List<String> GCS = List.of("SerialGC", "ParallelGC", "G1GC", "ZGC", "ShenandoahGC");
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    public ContainerResources {
        Objects.requireNonNull(name, "name");
        if (cpusets == null || cpusets.isEmpty()) throw new BadInputException("resource profile " + name
                + ": cpusets is missing");
        cpusets.forEach(ContainerResources::cpus);
        Objects.requireNonNull(memory, "memory of resource profile " + name);
        if (!memory.matches("(heap\\+)?\\d+[mMgG]")) {
            throw new BadInputException("resource profile " + name
                    + ": memory must look like 3g or heap+2g, was " + memory);
        }
        if (!GCS.contains(gc)) throw new BadInputException("resource profile " + name + ": gc must be one of "
                + GCS + ", was " + gc);
        description = description == null ? "" : description;
        cpusets = List.copyOf(cpusets);
        jvmFlags = jvmFlags == null ? List.of() : List.copyOf(jvmFlags);
        for (String flag : jvmFlags) {
            if (!flag.startsWith("-")) throw new BadInputException("resource profile " + name + ": JVM flag '"
                    + flag + "' does not start with -");
            if (flag.startsWith("-Xm") || flag.matches("-XX:[+-]Use\\w+GC")) {
                throw new BadInputException("resource profile " + name
                        + ": set the GC with \"gc\"; the heap comes from the benchmark profile (" + flag + ")");
            }
        }
    }

    /** A shipped profile by name, or a resource profile JSON file by path; anything else names the valid choices. */
    public static ContainerResources load(String nameOrPath) {
        if (SHIPPED.contains(nameOrPath)) {
            String resource = "kvbench/resources/" + nameOrPath + ".json";
            try (InputStream in = ContainerResources.class.getClassLoader().getResourceAsStream(resource)) {
                if (in == null) throw new IllegalStateException(resource + " is missing from the class path");
                return JSON.readValue(in, ContainerResources.class);
            } catch (IOException e) {
                throw new UncheckedIOException("shipped resource profile " + nameOrPath + " is unreadable", e);
            }
        }
        Path file = Path.of(nameOrPath);
        if (nameOrPath.endsWith(".json") && Files.exists(file)) return parse(file, Inputs.readFile(file,
                "a resource profile"));
        throw new BadInputException("unknown resource profile '" + nameOrPath + "'; valid resource profiles: "
                + String.join(", ", SHIPPED) + " (or a path to a resource profile .json file)");
    }

    /** A resource profile file's content; every problem names the file and the field. */
    public static ContainerResources parse(Path file, byte[] json) {
        ContainerResources p = Inputs.parse(JSON, file, json, ContainerResources.class, "a resource profile object");
        Inputs.id(file, "name", p.name());
        String memory = p.memory().startsWith("heap+") ? p.memory().substring("heap+".length()) : p.memory();
        Inputs.size(file, "memory", memory, MAX_MEMORY_BYTES);
        for (int i = 0; i < p.jvmFlags().size(); i++) {
            String flag = p.jvmFlags().get(i);
            if (flag == null || flag.length() > 1000 || flag.chars().anyMatch(Character::isISOControl)) {
                throw new InputException(file, "jvmFlags[" + i + "]", "is not a JVM flag");
            }
        }
        return p;
    }

    /** The first preferred cpuset whose CPUs all exist on a Docker host with {@code hostCpus} CPUs (numbered from 0).
     * */
    public String cpusetFor(int hostCpus) {
        for (String cpuset : cpusets) {
            if (cpus(cpuset).last() < hostCpus) return cpuset;
        }
        throw new BadInputException("resource profile " + name + ": none of the cpusets " + cpusets
                + " fits a Docker host with " + hostCpus + " CPUs");
    }

    /** The memory limit in bytes for a benchmark JVM with heap {@code heap} ("512m"). */
    public long memoryBytes(String heap) {
        return memory.startsWith("heap+") ? bytes(heap) + bytes(memory.substring(5)) : bytes(memory);
    }

    /** The flags the benchmark JVMs get from this profile: the pinned GC first, then the profile's own. */
    public List<String> benchmarkJvmFlags() {
        List<String> flags = new ArrayList<>();
        flags.add("-XX:+Use" + gc);
        flags.addAll(jvmFlags);
        return flags;
    }

    /** The CPUs of a Docker cpuset string ("1", "0-3", "0,2"). */
    public static TreeSet<Integer> cpus(String cpuset) {
        if (cpuset == null || !cpuset.matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")) {
            throw new BadInputException("cpuset must look like 1, 0-3 or 0,2, was " + cpuset);
        }
        TreeSet<Integer> cpus = new TreeSet<>();
        for (String part : cpuset.split(",")) {
            String[] range = part.split("-");
            int from = cpu(range[0]);
            int to = range.length == 2 ? cpu(range[1]) : from;
            if (to < from) throw new BadInputException("cpuset range " + part + " runs backwards");
            // Bounded by MAX_CPU, so "0-4000000000" is refused above instead of looping for billions of steps.
            for (int c = from; c <= to; c++) cpus.add(c);
        }
        return cpus;
    }

    /** Linux's own limit (CONFIG_NR_CPUS at most 8192): a larger CPU number is a typo. */
    static final int MAX_CPU = 8191;
    /** A container memory limit beyond any machine kvbench runs on. */
    static final long MAX_MEMORY_BYTES = 1L << 42;

    private static int cpu(String number) {
        if (number.length() > 4 || Integer.parseInt(number) > MAX_CPU) {
            throw new BadInputException("cpuset CPU " + number + " is above " + MAX_CPU
                    + ", the most CPUs Linux numbers");
        }
        return Integer.parseInt(number);
    }

    /** "512m" or "3g" in bytes. */
    public static long bytes(String size) {
        long n = Long.parseLong(size.substring(0, size.length() - 1));
        return switch (Character.toLowerCase(size.charAt(size.length() - 1))) {
            case 'm' -> n << 20;
            case 'g' -> n << 30;
            default -> throw new BadInputException("size must end in m or g: " + size);
        };
    }

    /** Bytes as Docker and people write them: "3g" when whole gibibytes, else "3584m". */
    public static String size(long bytes) {
        return bytes % (1L << 30) == 0 ? (bytes >> 30) + "g" : (bytes >> 20) + "m";
    }
}
