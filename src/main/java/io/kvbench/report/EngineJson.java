package io.kvbench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kvbench.baseline.KnownIssues;
import io.kvbench.engine.Capabilities;
import io.kvbench.engine.KvEngine;
import java.util.List;

/**
 * {@code kvbench engines --json}: every engine with every declaration and every flag the text forms show. The fields of
 * earlier versions keep their names and places (flat access and limit fields, {@code durability}, {@code notes}), so
 * scripts that read them (the upgrade workflow reads {@code id} and {@code version}) keep working; added are
 * {@code nativeVersion}, {@code artifacts} (the engine's Maven artifacts, groupId:artifactId), {@code settings}
 * (sync, memory, compression), {@code powerCut} (the promise, whether it is
 * tested, the known issue that breaks it: the text's "(known issue)") and {@code knownIssues}.
 */
public final class EngineJson {

    private EngineJson() {
    }

    public static ArrayNode of(List<KvEngine> engines, ObjectMapper mapper) {
        ArrayNode all = mapper.createArrayNode();
        for (KvEngine engine : engines) all.add(of(engine, mapper));
        return all;
    }

    static ObjectNode of(KvEngine engine, ObjectMapper mapper) {
        Capabilities c = engine.capabilities();
        ObjectNode o = mapper.createObjectNode();
        o.put("id", engine.id());
        o.put("version", engine.version());
        o.put("nativeVersion", EngineFacts.nativeOf(engine));
        o.set("artifacts", mapper.valueToTree(engine.artifacts()));
        o.setAll((ObjectNode) mapper.valueToTree(c.access()));
        o.setAll((ObjectNode) mapper.valueToTree(c.limits()));
        o.set("durability", mapper.valueToTree(c.durability()));
        o.set("settings", mapper.valueToTree(c.settings()));
        ObjectNode powerCut = o.putObject("powerCut");
        powerCut.put("promise", c.durability().powerLoss().name());
        powerCut.put("tested", EngineFacts.powerCutTested(engine));
        powerCut.put("knownIssue",
                EngineFacts.powerCutIssue(engine).map(KnownIssues.KnownIssue::reference).orElse(null));
        ArrayNode issues = o.putArray("knownIssues");
        for (KnownIssues.KnownIssue issue : EngineFacts.knownIssues(engine)) {
            issues.addObject().put("reference", issue.reference()).put("summary", issue.summary())
                    .put("breaksPowerCutPromise", EngineFacts.breaksPowerCutPromise(issue));
        }
        o.put("notes", c.notes());
        return o;
    }
}
