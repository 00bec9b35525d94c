package io.kvbench.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/** The JVM flags the engines need (module opens/exports, Chronicle's no-network switches), from pom.xml. */
public final class JvmFlags {

    private JvmFlags() {
    }

    public static List<String> engineFlags() {
        Properties props = new Properties();
        try (InputStream in = JvmFlags.class.getResourceAsStream("jvm.properties")) {
            if (in == null) throw new IllegalStateException("io/kvbench/runner/jvm.properties is missing from the build");
            props.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> flags = Arrays.stream(props.getProperty("flags", "").trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
        if (flags.isEmpty() || flags.get(0).startsWith("${")) {
            throw new IllegalStateException("jvm.properties was not filtered by Maven: " + props.getProperty("flags"));
        }
        if (Runtime.version().feature() >= 24) {
            // Newer JDKs warn about JNI and sun.misc.Unsafe; the engines use both by design.
            return java.util.stream.Stream.concat(flags.stream(),
                    java.util.stream.Stream.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow")).toList();
        }
        return flags;
    }
}
