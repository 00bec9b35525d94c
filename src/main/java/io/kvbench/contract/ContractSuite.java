package io.kvbench.contract;

import static org.junit.platform.engine.discovery.ClassNameFilter.includeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.reporting.legacy.xml.LegacyXmlReportGeneratingListener;

/**
 * The contract suite (every {@code *ContractTest} of this package) run with the JUnit Platform launcher inside
 * kvbench, as {@code kvbench contract} does: the same tests {@code mvn test} runs, on the engines of
 * {@link EngineSource} (set through its system property), with a JUnit XML report per run (the legacy format CI tools
 * read) and a tally per engine.
 */
public final class ContractSuite {

    /** The class names of the suite's tests (a regular expression): every {@code *ContractTest} of this package. */
    public static final String CLASS_NAMES = ".*ContractTest";

    /**
     * The command that replays the model check of one seed on one engine ({@code -Dkvbench.seed} sets the seed the
     * suite draws its operations from); it parses with the real command line (SuggestedCommandsTest).
     */
    public static String replayCommand(String engine, long seed) {
        return "java -Dkvbench.seed=" + seed + " -jar target/kvbench.jar contract --engines " + engine;
    }

    /**
     * @param tallies  per engine id: passed, failed, skipped
     * @param failures one line per failed test: its display name and the first line of its failure
     * @param skipped  one line per skipped test with the reason (an assumption: a capability the engine lacks)
     */
    public record Outcome(Map<String, int[]> tallies, List<String> failures, List<String> skipped) {

        public int failed() {
            return failures.size();
        }

        public int total() {
            return tallies.values().stream().mapToInt(t -> t[0] + t[1] + t[2]).sum();
        }
    }

    private ContractSuite() {
    }

    /**
     * Runs the suite on {@code engineIds} (every registered engine when empty), writing the JUnit XML report into
     * {@code reportDir} and a line per finished engine test to {@code progress}.
     */
    public static Outcome run(List<String> engineIds, Path reportDir, PrintWriter progress) {
        String before = System.getProperty(EngineSource.PROPERTY);
        System.setProperty(EngineSource.PROPERTY, String.join(",", engineIds));
        try {
            LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectPackage(ContractSuite.class.getPackageName()))
                    .filters(includeClassNamePatterns(CLASS_NAMES))
                    .build();
            Tally tally = new Tally();
            Launcher launcher = LauncherFactory.create();
            launcher.execute(request, tally, new LegacyXmlReportGeneratingListener(reportDir, progress));
            return new Outcome(tally.tallies, List.copyOf(tally.failures), List.copyOf(tally.skipped));
        } finally {
            if (before == null) System.clearProperty(EngineSource.PROPERTY);
            else System.setProperty(EngineSource.PROPERTY, before);
        }
    }

    /** Counts tests per engine, read from the display names the suite gives them: "[rocksdb] ...". */
    private static final class Tally implements TestExecutionListener {
        private final Map<String, int[]> tallies = new TreeMap<>();
        private final List<String> failures = new ArrayList<>();
        private final List<String> skipped = new ArrayList<>();

        @Override
        public void executionSkipped(TestIdentifier test, String reason) {
            if (!test.isTest()) return;
            count(test, 2);
            skipped.add(test.getDisplayName() + ": " + reason);
        }

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (!test.isTest()) return;
            switch (result.getStatus()) {
                case SUCCESSFUL -> count(test, 0);
                case ABORTED -> {
                    count(test, 2);
                    skipped.add(test.getDisplayName() + ": " + firstLine(result));
                }
                case FAILED -> {
                    count(test, 1);
                    failures.add(test.getDisplayName() + ": " + firstLine(result));
                }
            }
        }

        private void count(TestIdentifier test, int column) {
            tallies.computeIfAbsent(engineOf(test.getDisplayName()), id -> new int[3])[column]++;
        }

        private static String engineOf(String displayName) {
            int end = displayName.indexOf(']');
            return displayName.startsWith("[") && end > 1 ? displayName.substring(1, end) : "(no engine)";
        }

        private static String firstLine(TestExecutionResult result) {
            return result.getThrowable().map(t -> {
                String message = t.getMessage() == null ? t.getClass().getName() : t.getMessage();
                return message.strip().lines().findFirst().orElse(t.getClass().getName());
            }).orElse("");
        }
    }
}
