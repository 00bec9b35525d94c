package io.kvbench.crash;

import static org.junit.jupiter.api.Assumptions.abort;

import io.kvbench.SharedResources;
import io.kvbench.infra.KillableContainers;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The kills of {@link CrashRecoveryTest} with each writer in a fresh fixed-resource container, the way
 * {@code kvbench crash} runs them where Docker is available: the container's start, bind-mounted store and
 * {@code docker kill} are part of what is checked. In the full check ({@code mvn verify}), beside the host-bound test
 * classes and under the Docker lock (junit-platform.properties). Skipped, saying why, without Docker. Reports go to
 * target/crash-results-container/.
 */
@Tag("crash")
@Tag("container")
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(SharedResources.DOCKER)
@Order(3)
class CrashInContainersTest {

    @TestFactory
    Stream<DynamicTest> everyEngineKeepsWhatItPromisedAfterDockerKill() throws Exception {
        Optional<String> noDocker = KillableContainers.unavailableReason();
        if (noDocker.isPresent()) {
            String reason = "the writers run in containers: " + noDocker.get();
            return Stream.of(DynamicTest.dynamicTest("crash kills in containers", () -> abort(reason)));
        }
        return CrashChecks.everyEngine(Fault.PROCESS_KILL, CrashSuite.Where.CONTAINER, CrashRecoveryTest.CYCLES,
                "crash-results-container");
    }
}
