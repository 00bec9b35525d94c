package io.kvbench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.ClassNameFilter.includeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The contract suite ships in the jar (src/main/java/io/kvbench/contract, for {@code kvbench contract}); this class is
 * how {@code mvn test} runs it, on every registered engine or those of {@code -Dkvbench.engines}, with the display
 * names {@code [rocksdb] ...}: one nested class per contract class, so that Jupiter runs them in its own lane, beside
 * the perf gate's concurrent one (a JUnit Platform suite would run only after the Jupiter engine has finished, gate
 * included). {@link #everyContractClassIsNestedHere} keeps the list whole.
 */
class ContractSuiteTest {

    @Test
    void everyContractClassIsNestedHere() {
        TestPlan plan = LauncherFactory.create().discover(LauncherDiscoveryRequestBuilder.request()
                .selectors(selectPackage(ContractSuiteTest.class.getPackageName()))
                .filters(includeClassNamePatterns(ContractSuite.CLASS_NAMES)).build());
        Set<String> shipped = new TreeSet<>();
        for (TestIdentifier root : plan.getRoots()) {
            for (TestIdentifier child : plan.getChildren(root)) {
                child.getSource().filter(ClassSource.class::isInstance).map(s -> ((ClassSource) s).getClassName())
                        .ifPresent(shipped::add);
            }
        }
        Set<String> nested = Arrays.stream(ContractSuiteTest.class.getDeclaredClasses())
                .filter(c -> c.isAnnotationPresent(Nested.class))
                .map(c -> c.getSuperclass().getName()).collect(Collectors.toCollection(TreeSet::new));
        assertThat(shipped).as("the contract classes of the jar").isNotEmpty();
        assertThat(nested).as("the contract classes nested in ContractSuiteTest").isEqualTo(shipped);
    }

    @Nested
    class BadInput extends BadInputContractTest {
    }

    @Nested
    class Concurrency extends ConcurrencyContractTest {
    }

    @Nested
    class ModelCheck extends ModelCheckContractTest {
    }

    @Nested
    class Ordering extends OrderingContractTest {
    }

    @Nested
    class Quiesce extends QuiesceContractTest {
    }

    @Nested
    class ReadPass extends ReadPassContractTest {
    }

    @Nested
    class Reopen extends ReopenContractTest {
    }

    @Nested
    class RoundTrip extends RoundTripContractTest {
    }

    @Nested
    class WritePass extends WritePassContractTest {
    }
}
