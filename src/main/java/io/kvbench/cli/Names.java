package io.kvbench.cli;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.input.BadInputException;
import io.kvbench.task.ContainerResources;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Names typed on the command line resolved into engines, workloads and profiles, once, at the edge. An unknown name is
 * bad input that suggests the closest valid ones (any case) and lists them all; a profile path that does not exist is
 * told apart from an unknown profile name.
 */
final class Names {

    private Names() {
    }

    static List<KvEngine> engines(List<String> ids) {
        return ids.stream().map(String::trim).map(Names::engine).distinct().toList();
    }

    static List<Workload> workloads(List<String> names) {
        return names.stream().map(String::trim).map(Names::workload).distinct().toList();
    }

    /** A registered engine; an adapter that failed to load, or an id close to none, is Engines' own message. */
    static KvEngine engine(String id) {
        List<String> ids = Engines.all().stream().map(KvEngine::id).toList();
        boolean unavailable = Engines.unavailable().stream().anyMatch(u -> u.mayBe(id));
        if (ids.contains(id) || unavailable || Suggestions.closest(id, ids).isEmpty()) return Engines.byId(id);
        throw new BadInputException("unknown engine '" + id + "'" + Suggestions.didYouMean(id, ids)
                + "; valid engines: " + String.join(", ", ids));
    }

    static Workload workload(String name) {
        List<String> names = Catalog.workloads().stream().map(Workload::name).toList();
        if (names.contains(name)) return Catalog.workload(name);
        throw new BadInputException("unknown workload '" + name + "'" + Suggestions.didYouMean(name, names)
                + "; valid workloads: " + String.join(", ", names) + " (`kvbench workloads` describes them)");
    }

    /** A shipped profile by name, or a profile .json file by path. */
    static Profile profile(String ref) {
        if (Catalog.PROFILES.contains(ref)) return Catalog.profile(ref);
        file(ref, "profile");
        if (pathLike(ref)) return Catalog.profile(ref);
        throw new BadInputException("unknown profile '" + ref + "'"
                + Suggestions.didYouMean(ref, Catalog.PROFILES)
                + "; valid profiles: " + String.join(", ", Catalog.PROFILES)
                + " (`kvbench profiles` describes them), or a path to a profile .json file");
    }

    /** A shipped resource profile by name, or a resource profile .json file by path. */
    static ContainerResources resources(String ref) {
        if (ContainerResources.SHIPPED.contains(ref)) return ContainerResources.load(ref);
        file(ref, "resource profile");
        if (pathLike(ref)) return ContainerResources.load(ref);
        throw new BadInputException("unknown resource profile '" + ref + "'"
                + Suggestions.didYouMean(ref, ContainerResources.SHIPPED) + "; valid resource profiles: "
                + String.join(", ", ContainerResources.SHIPPED) + ", or a path to a resource profile .json file");
    }

    /** A reference that names a file: refused when the file is missing or is not a .json file. */
    private static void file(String ref, String what) {
        if (!pathLike(ref)) return;
        if (!Files.exists(Path.of(ref))) throw new BadInputException(what + " file " + ref + " does not exist");
        if (!ref.endsWith(".json")) {
            throw new BadInputException(what + " file " + ref + " is not a .json file (a " + what + " is JSON)");
        }
    }

    private static boolean pathLike(String ref) {
        return ref.endsWith(".json") || ref.contains("/") || ref.contains(File.separator) || Files.exists(Path.of(ref));
    }
}
