package io.kvbench.contract;

import org.junit.platform.suite.api.IncludeClassNamePatterns;
import org.junit.platform.suite.api.SelectPackages;
import org.junit.platform.suite.api.Suite;

/**
 * The contract suite ships in the jar (src/main/java/io/kvbench/contract, for {@code kvbench contract}); this suite is
 * how {@code mvn test} runs it, on every registered engine or those of {@code -Dkvbench.engines}, with the display
 * names {@code [rocksdb] ...}. A run narrowed by tags (the workflow harness's {@code -Pworkflows}, {@code
 * -Dgroups=fuse}) selects none of its tests: that is not a failure.
 */
@Suite(failIfNoTests = false)
@SelectPackages("io.kvbench.contract")
@IncludeClassNamePatterns(".*ContractTest")
class ContractSuiteTest {
}
