package io.kvbench.classpath;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * An outside adapter built the way its author would build it, outside kvbench's sources: OutsideTreeEngine (a test
 * resource) compiled against kvbench's classes with the JDK's compiler and packed into a jar with its service
 * registration. A broken variant registers a class the jar does not hold.
 */
public final class OutsideAdapterJar {

    public static final String ENGINE = "outside-tree";
    private static final String CLASS = "org.example.kvstore.OutsideTreeEngine";

    private OutsideAdapterJar() {
    }

    /** The adapter jar, built in {@code dir}. */
    public static Path build(Path dir) throws IOException {
        Path src = dir.resolve("src/org/example/kvstore/OutsideTreeEngine.java");
        Files.createDirectories(src.getParent());
        try (InputStream in = OutsideAdapterJar.class.getResourceAsStream("OutsideTreeEngine.java.txt")) {
            Files.write(src, in.readAllBytes());
        }
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int exit = javac.run(null, null, null, "--release", "17", "-cp", System.getProperty("java.class.path"), "-d",
                classes.toString(), src.toString());
        if (exit != 0) throw new IllegalStateException("javac failed on " + src + " (exit " + exit + ")");
        Path jar = dir.resolve("outside-tree-adapter.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            service(out, CLASS);
            try (var files = Files.walk(classes)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                    Files.copy(file, out);
                    out.closeEntry();
                }
            }
        }
        return jar;
    }

    /** A jar whose registration names an adapter class that is not in it (a packaging mistake). */
    public static Path broken(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path jar = dir.resolve("broken-adapter.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            service(out, "org.example.kvstore.MissingEngine");
        }
        return jar;
    }

    /** A jar with classes but no registration. */
    public static Path withoutService(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path jar = dir.resolve("no-service.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("README.txt"));
            out.write("no adapter here".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }

    private static void service(JarOutputStream out, String adapterClass) throws IOException {
        out.putNextEntry(new JarEntry(Adapters.SERVICE));
        out.write((adapterClass + "\n").getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
    }
}
