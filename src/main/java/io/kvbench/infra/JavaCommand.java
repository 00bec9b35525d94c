package io.kvbench.infra;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The one builder of Java command lines kvbench starts: child JVMs on this machine, JVMs in a container of the runtime
 * image, and the JVM arguments of JMH forks. Every one of them starts with the engines' flags ({@link JvmFlags}) for
 * the Java version that will run it, so a new flag needed by an engine is added in one place (pom.xml).
 *
 * <pre>{@code JavaCommand.inImage().flags(List.of("-Xmx256m")).classPath(entries).main("a.Main", "arg").build()}</pre>
 */
public final class JavaCommand {

    private final String java;
    private final int javaVersion;
    private final List<String> flags = new ArrayList<>();
    private final List<String> mainAndArguments = new ArrayList<>();
    private List<Path> classPath = List.of();

    private JavaCommand(String java, int javaVersion) {
        this.java = java;
        this.javaVersion = javaVersion;
    }

    /** A child of this JVM: the same java launcher, so the child runs on the same JDK. */
    public static JavaCommand here() {
        return new JavaCommand(ProcessHandle.current().info().command().orElse("java"), Runtime.version().feature());
    }

    /** A JVM in a container of the runtime image (its JDK, whatever this JVM's version). */
    public static JavaCommand inImage() {
        return new JavaCommand("java", RuntimeImage.JAVA_VERSION);
    }

    /** JVM options, after the engines' flags, in order. */
    public JavaCommand flags(List<String> options) {
        flags.addAll(options);
        return this;
    }

    public JavaCommand flag(String option) {
        flags.add(option);
        return this;
    }

    /** {@code -Xms} = {@code -Xmx}: a fixed heap. */
    public JavaCommand fixedHeap(String heap) {
        return flag("-Xms" + heap).flag("-Xmx" + heap);
    }

    public JavaCommand classPath(List<Path> entries) {
        classPath = List.copyOf(entries);
        return this;
    }

    public JavaCommand main(String mainClass, List<String> arguments) {
        mainAndArguments.clear();
        mainAndArguments.add(mainClass);
        mainAndArguments.addAll(arguments);
        return this;
    }

    /** The JVM arguments alone (engines' flags, then the given ones), as JMH takes them for its forks. */
    public List<String> jvmArgs() {
        List<String> args = new ArrayList<>(JvmFlags.engineFlags(javaVersion));
        args.addAll(flags);
        return args;
    }

    /** The whole command: launcher, JVM arguments, class path, main class and its arguments. */
    public List<String> build() {
        if (mainAndArguments.isEmpty()) throw new IllegalStateException("no main class");
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(jvmArgs());
        if (!classPath.isEmpty()) {
            command.add("-cp");
            command.add(ClassPaths.join(classPath));
        }
        command.addAll(mainAndArguments);
        return command;
    }
}
