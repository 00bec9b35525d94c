package io.kvbench.infra;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/** The JVM flags the engines need (module opens/exports, Chronicle's no-network switches), from pom.xml. */
public final class JvmFlags {

    private JvmFlags() {
    }

    /** The flags for a JVM of this JVM's version. */
    public static List<String> engineFlags() {
        return engineFlags(Runtime.version().feature());
    }

    /** The flags for a JVM of another Java version (e.g. a container's JDK 17 started from a newer host JVM). */
    public static List<String> engineFlags(int javaFeatureVersion) {
        String text;
        try (InputStream in = JvmFlags.class.getResourceAsStream("jvm-flags.txt")) {
            if (in == null) throw new IllegalStateException("io/kvbench/infra/jvm-flags.txt is missing from the build");
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> flags = text.lines().filter(line -> !line.isBlank() && !line.trim().startsWith("#"))
                .flatMap(line -> Arrays.stream(line.trim().split("\\s+"))).toList();
        if (flags.isEmpty() || flags.get(0).startsWith("${")) {
            throw new IllegalStateException("jvm-flags.txt was not filtered by Maven: " + flags);
        }
        if (javaFeatureVersion >= 24) {
            // Newer JDKs warn about JNI and sun.misc.Unsafe; the engines use both by design.
            return Stream.concat(flags.stream(),
                    Stream.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow")).toList();
        }
        return flags;
    }

    /**
     * This JVM's kvbench.* and jmh.* system properties as -D flags, for the child JVMs that run its work on another
     * class path: however they were set (a command line, a test runner after start-up), the child sees the same.
     *
     * @param except a property the caller sets itself
     */
    public static List<String> forwardedProperties(String except) {
        return System.getProperties().stringPropertyNames().stream().sorted()
                .filter(name -> (name.startsWith("kvbench.") || name.startsWith("jmh.")) && !name.equals(except))
                .map(name -> "-D" + name + "=" + System.getProperty(name)).toList();
    }
}
