package io.kvbench.infra;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** Class paths given as text ("a.jar:lib/b.jar"), as benchmark containers and child JVMs need them. */
public final class ClassPaths {

    private ClassPaths() {
    }

    /** The entries of a class path string, in order, blanks dropped. */
    public static List<Path> parse(String classPath) {
        return Arrays.stream(classPath.split(File.pathSeparator)).filter(entry -> !entry.isBlank()).map(Path::of)
                .toList();
    }

    /** The entries that exist, absolute and normalized, without repeats. */
    public static List<Path> existing(List<Path> entries) {
        return entries.stream().map(entry -> entry.toAbsolutePath().normalize()).filter(Files::exists).distinct()
                .toList();
    }

    /** Every entry of this JVM's class path that exists, absolute: a container sees them at the same paths. */
    public static List<Path> mountable() {
        return existing(parse(current()));
    }

    /** The entries joined for {@code -cp}. */
    public static String join(List<Path> entries) {
        return String.join(File.pathSeparator, entries.stream().map(Path::toString).toList());
    }

    /** This JVM's class path, as given. */
    public static String current() {
        return System.getProperty("java.class.path");
    }
}
