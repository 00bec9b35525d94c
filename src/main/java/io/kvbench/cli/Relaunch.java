package io.kvbench.cli;

import io.kvbench.classpath.SwappedClassPath;
import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.JavaCommand;
import io.kvbench.infra.JvmFlags;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/**
 * A command with outside adapters or a swapped engine runs in a JVM whose class path has them, so that everything it
 * starts (JMH forks, benchmark containers, which mount that class path, crash writers, the contract tests) sees one
 * class path with no further plumbing: this JVM composes the class path ({@link ClassPathPlan}), then runs the same
 * command line in a child JVM on it, passes its output through and exits with its code. The child knows it by
 * {@value #COMPOSED}; interleave's per-side class paths are composed in the command itself.
 */
final class Relaunch {

    /** Set in the child: its class path already holds what the command line asks for. */
    static final String COMPOSED = "kvbench.classpath.composed";

    private Relaunch() {
    }

    /** picocli's execution strategy: relaunch where the command asks for another class path, else run it here. */
    static int execute(ParseResult parsed, CommandLine.IExecutionStrategy here) {
        ParseResult leaf = parsed;
        while (leaf.hasSubcommand()) leaf = leaf.subcommand();
        CommandSpec spec = leaf.commandSpec();
        AdapterOption adapters = mixin(spec, AdapterOption.class);
        EngineSwapOptions swaps = mixin(spec, EngineSwapOptions.class);
        boolean asked = (adapters != null && !adapters.all().isEmpty()) || (swaps != null && !swaps.isEmpty());
        if (!asked || Boolean.getBoolean(COMPOSED) || spec.commandLine().isUsageHelpRequested()
                || spec.commandLine().isVersionHelpRequested()) {
            return here.execute(parsed);
        }
        List<Path> entries;
        try (ClassPathPlan plan = new ClassPathPlan()) {
            List<Path> outside = adapters == null ? List.of() : plan.adapters(adapters.all());
            List<Path> base = new ArrayList<>(ClassPaths.mountable());
            base.addAll(outside);
            ClassPathPlan.SwapValues values = swaps == null
                    ? new ClassPathPlan.SwapValues("--engine-version", List.of(), "--engine-jar", List.of())
                    : new ClassPathPlan.SwapValues("--engine-version", swaps.versions, "--engine-jar", swaps.jars);
            SwappedClassPath.Composed composed = plan.swapped(base, outside, values);
            entries = composed.entries();
        } catch (RuntimeException e) {
            throw new CommandLine.ExecutionException(spec.commandLine(), String.valueOf(e.getMessage()), e);
        }
        return run(entries, parsed.originalArgs(), spec.commandLine(),
                parsed.commandSpec().userObject().getClass().getName());
    }

    private static <T> T mixin(CommandSpec spec, Class<T> type) {
        for (CommandSpec mixin : spec.mixins().values()) {
            if (type.isInstance(mixin.userObject())) return type.cast(mixin.userObject());
        }
        return null;
    }

    /**
     * The same command line in a child JVM on {@code classPath}, run by {@code main} (the root command's class:
     * kvbench's or the lab's); its output to this command's out and err.
     */
    private static int run(List<Path> classPath, List<String> args, CommandLine where, String main) {
        List<String> command = JavaCommand.here().flags(inheritedFlags()).flag("-D" + COMPOSED + "=true")
                .classPath(classPath).main(main, args).build();
        Process child;
        try {
            child = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            throw new CommandLine.ExecutionException(where, "cannot start a JVM on the composed class path: "
                    + e.getMessage(), e);
        }
        Thread stop = new Thread(child::destroy, "kvbench-relaunch-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        Thread out = pump(child.getInputStream(), where.getOut());
        Thread err = pump(child.getErrorStream(), where.getErr());
        try {
            int code = child.waitFor();
            out.join();
            err.join();
            Runtime.getRuntime().removeShutdownHook(stop);
            return code;
        } catch (InterruptedException e) {
            child.destroy();
            Thread.currentThread().interrupt();
            return ExitCode.INFRASTRUCTURE.code();
        }
    }

    /**
     * This JVM's own options (heap, -D settings), without a debugger agent that would fight over its port, and its
     * kvbench and JMH settings however they were set (a test runner sets them after start-up).
     */
    private static List<String> inheritedFlags() {
        List<String> flags = new ArrayList<>(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(flag -> !flag.startsWith("-agentlib:jdwp") && !flag.startsWith("-Xrunjdwp")
                        && !flag.startsWith("-D" + COMPOSED))
                .toList());
        JvmFlags.forwardedProperties(COMPOSED).stream().filter(flag -> !flags.contains(flag)).forEach(flags::add);
        return flags;
    }

    private static Thread pump(InputStream from, PrintWriter to) {
        Thread thread = new Thread(() -> {
            char[] buffer = new char[8192];
            try (Reader in = new InputStreamReader(from, StandardCharsets.UTF_8)) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    to.write(buffer, 0, n);
                    to.flush();
                }
            } catch (IOException e) {
                // the child ended; what it wrote is through
            }
        }, "kvbench-relaunch-output");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
