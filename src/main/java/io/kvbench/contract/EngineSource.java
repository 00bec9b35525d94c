package io.kvbench.contract;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;

/**
 * Supplies every registered engine to the contract tests, named by id so that display names read {@code [rocksdb] ...}.
 * {@code -Dkvbench.engines=a,b} narrows the set for a quick local run; an id that is not registered is an error, so a
 * typo never makes a run silently test nothing. The one reader of that property: the contract, crash, power-cut and
 * perf-gate tests all take their engines from {@link #selected()}.
 */
public final class EngineSource {

    /** Comma-separated engine ids to test; blank or absent: every registered engine. */
    public static final String PROPERTY = "kvbench.engines";

    private EngineSource() {
    }

    public static Stream<Named<KvEngine>> engines() {
        return selected().stream().map(engine -> Named.of(engine.id(), engine));
    }

    /** Those of {@code ids} that are under test: for the tests of a property only some engines have. */
    public static Stream<Named<KvEngine>> among(String... ids) {
        Set<String> wanted = Set.of(ids);
        return engines().filter(named -> wanted.contains(named.getPayload().id()));
    }

    /** Every registered engine, or those named by {@code -Dkvbench.engines}; in registry order either way. */
    public static List<KvEngine> selected() {
        String filter = System.getProperty(PROPERTY, "").trim();
        if (filter.isEmpty()) return Engines.all();
        Set<String> ids = Arrays.stream(filter.split(",")).map(String::trim).filter(id -> !id.isEmpty())
                .collect(Collectors.toSet());
        ids.forEach(Engines::byId); // fails on an unknown id, naming the valid ones
        return Engines.all().stream().filter(e -> ids.contains(e.id())).toList();
    }
}
