package io.kvbench.contract;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.StoreOptions;
import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.JavaCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jetbrains.lincheck.LincheckAssertionError;

/**
 * One {@link LinearizabilityHarness#check} in a JVM of its own. Lincheck attaches its agent and, around every check,
 * retransforms the classes the JVM has loaded (in stress mode only to track coroutine suspensions). One class that
 * cannot be retransformed makes the bulk call fail, and Lincheck then retransforms every loaded class one at a time:
 * leveldb-java leaves such a class behind ({@code org.iq80.leveldb.util.Snappy$IQ80Snappy}, whose initialization fails
 * without the optional Snappy library), and in the test JVM of {@code mvn verify}, which has loaded the whole suite,
 * that costs minutes per check. A fresh JVM per check pays it over few classes, and only where such a class appears.
 *
 * <p>Arguments: {@code engine ID DIR ITERATIONS INVOCATIONS} (a registered engine, its store in the new directory
 * DIR) or {@code memory racy|locked scans|points ITERATIONS INVOCATIONS} (a {@link MemoryEngine}). Exit status 0: every
 * history was linearizable; 1: Lincheck's report of the violation follows {@value #VIOLATION} on stdout; anything
 * else: the check could not run (stderr says why).
 */
public final class LinearizabilityChild {

    static final String VIOLATION = "LINEARIZABILITY VIOLATION";

    /** The child's exit status, its stdout and its stderr. */
    record Outcome(int exit, String stdout, String stderr) {

        /** Lincheck's report of the violation, or the whole output when there is none. */
        String report() {
            int at = stdout.indexOf(VIOLATION);
            return at >= 0 ? stdout.substring(at + VIOLATION.length()) : stdout + "\nstderr:\n" + stderr;
        }
    }

    private LinearizabilityChild() {
    }

    public static void main(String[] args) {
        LinearizabilityHarness.Settings settings = new LinearizabilityHarness.Settings(Integer.parseInt(args[3]),
                Integer.parseInt(args[4]));
        KvEngine engine = args[0].equals("memory")
                ? new MemoryEngine(args[1].equals("racy"), args[2].equals("scans"))
                : Engines.byId(args[1]);
        Path dir = args[0].equals("memory") ? null : Path.of(args[2]);
        int exit = 0;
        try (KvStore store = dir == null ? engine.openStore(Path.of("."), StoreOptions.DEFAULT)
                : Engines.open(engine, dir, StoreOptions.DEFAULT)) {
            // An engine's scan is not checked: the SPI does not promise that a scan is a snapshot, and without that
            // promise a scan beside writers may see a state no order of the calls explains (berkeleydb-je's
            // READ_COMMITTED cursor did, in 3 of 13 runs). The test store's scan shows the check can judge scans.
            boolean scans = engine instanceof MemoryEngine && engine.capabilities().scans();
            LinearizabilityHarness.check(store, engine.capabilities(), scans, settings);
        } catch (LincheckAssertionError e) {
            System.out.println(VIOLATION + e.getMessage());
            exit = 1;
        }
        System.out.flush();
        // Engines' and Lincheck's own threads may be non-daemon; the verdict is in.
        System.exit(exit);
    }

    /** Runs the child with {@code args}, its output in files under {@code work}; fails after {@code minutes}. */
    static Outcome run(List<String> args, Path work, int minutes) throws IOException, InterruptedException {
        Files.createDirectories(work);
        Path out = work.resolve("child.out");
        Path err = work.resolve("child.err");
        List<String> jvm = new ArrayList<>(List.of("-Xmx512m",
                // Lincheck's agent (byte-buddy) attaches to this JVM itself rather than through a helper JVM.
                "-Djdk.attach.allowAttachSelf=true"));
        List<String> command = JavaCommand.here().flags(jvm).classPath(ClassPaths.parse(ClassPaths.current()))
                .main(LinearizabilityChild.class.getName(), args).build();
        Process child = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (!child.waitFor(minutes, TimeUnit.MINUTES)) {
                throw new AssertionError("the linearizability check " + args + " did not end within " + minutes
                        + " minutes; its output: " + Files.readString(out, StandardCharsets.UTF_8));
            }
        } finally {
            child.destroyForcibly();
        }
        return new Outcome(child.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
