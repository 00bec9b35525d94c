package io.kvbench.classpath;

import io.kvbench.infra.InfrastructureException;
import io.kvbench.input.BadInputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.eclipse.aether.resolution.VersionRangeRequest;
import org.eclipse.aether.resolution.VersionRangeResolutionException;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.transfer.ArtifactNotFoundException;
import org.eclipse.aether.util.artifact.JavaScopes;
import org.eclipse.aether.util.filter.DependencyFilterUtils;

/**
 * Maven artifacts by their coordinates, with Apache Maven Resolver as Maven 3.10 runs it (its supplier of Maven's own
 * components: POM model, version ranges, dependency management, scopes), so an engine version resolves to exactly the
 * class path Maven would give it. From the local repository first (a release already there is never fetched again,
 * so it works offline), else from Maven Central or the mirrors and repositories settings.xml names
 * ({@link MavenSettings}).
 *
 * <p>An artifact that does not exist is bad input (IllegalArgumentException: a typo in a version); a repository that
 * cannot be reached is the machine's failure ({@link InfrastructureException}).
 */
public final class MavenRepository implements AutoCloseable {

    /** One resolved artifact and its file in the local repository. */
    public record Resolved(Coordinates coordinates, Path file) {
    }

    private final RepositorySystem system;
    private final RepositorySystemSession.CloseableSession session;
    private final List<RemoteRepository> remotes;
    private final MavenSettings settings;

    private MavenRepository(MavenSettings settings) {
        this.settings = settings;
        this.system = new RepositorySystemSupplier().get();
        this.session = new SessionBuilderSupplier(system).get()
                .withLocalRepositoryBaseDirectories(settings.localRepository())
                .setOffline(settings.offline())
                .setMirrorSelector(settings.mirrors())
                .setProxySelector(settings.proxies())
                .setAuthenticationSelector(settings.authentication())
                .setSystemProperties(System.getProperties())
                .build();
        this.remotes = system.newResolutionRepositories(session, settings.repositories());
    }

    /** The repositories of this user's Maven settings (see {@link MavenSettings}). */
    public static MavenRepository fromSettings() {
        return new MavenRepository(MavenSettings.load());
    }

    static MavenRepository of(MavenSettings settings) {
        return new MavenRepository(settings);
    }

    public Path localRepository() {
        return settings.localRepository();
    }

    /** One artifact, without its dependencies. */
    public Resolved resolve(Coordinates coordinates) {
        ArtifactRequest request = new ArtifactRequest(artifact(coordinates), remotes, null);
        try {
            ArtifactResult result = system.resolveArtifact(session, request);
            return new Resolved(coordinates, result.getArtifact().getPath());
        } catch (ArtifactResolutionException e) {
            throw failure(coordinates.toString(), e);
        }
    }

    /**
     * {@code roots} and their runtime dependencies, as Maven resolves them (nearest wins), roots first.
     *
     * @param roots artifacts with versions
     */
    public List<Resolved> resolveWithDependencies(List<Coordinates> roots) {
        CollectRequest collect = new CollectRequest();
        for (Coordinates root : roots) collect.addDependency(new Dependency(artifact(root), JavaScopes.RUNTIME));
        collect.setRepositories(remotes);
        DependencyRequest request = new DependencyRequest(collect,
                DependencyFilterUtils.classpathFilter(JavaScopes.RUNTIME));
        try {
            List<Resolved> out = new ArrayList<>();
            for (ArtifactResult result : system.resolveDependencies(session, request).getArtifactResults()) {
                var a = result.getArtifact();
                out.add(new Resolved(new Coordinates(a.getGroupId(), a.getArtifactId(), a.getClassifier(),
                        a.getVersion()), a.getPath()));
            }
            return List.copyOf(out);
        } catch (DependencyResolutionException e) {
            throw failure(String.join(", ", roots.stream().map(Coordinates::toString).toList()), e);
        }
    }

    /**
     * Every version of {@code groupIdArtifactId} the repositories list (their maven-metadata.xml; offline, what the
     * local repository has of it), in Maven's order; an artifact with none listed is bad input.
     */
    public List<String> versions(String groupIdArtifactId) {
        Coordinates any = Coordinates.of(groupIdArtifactId, "[0,)");
        VersionRangeRequest request = new VersionRangeRequest(artifact(any), remotes, null);
        List<String> versions;
        try {
            versions = system.resolveVersionRange(session, request).getVersions().stream()
                    .map(Object::toString).toList();
        } catch (VersionRangeResolutionException e) {
            throw failure(groupIdArtifactId + " versions", e);
        }
        if (versions.isEmpty()) {
            throw new BadInputException("no versions of " + groupIdArtifactId + " are listed"
                    + (settings.offline() ? " in the local repository " + settings.localRepository() + " (offline)"
                    : " in the repositories (Maven Central or settings.xml's)"));
        }
        return versions;
    }

    private static DefaultArtifact artifact(Coordinates c) {
        if (c.version().isEmpty()) throw new BadInputException(c.key() + ": no version");
        return new DefaultArtifact(c.groupId(), c.artifactId(), c.classifier(), "jar", c.version());
    }

    /** Not found anywhere: bad input, naming the artifact; anything else (no network, a refused mirror): machine. */
    private RuntimeException failure(String what, Exception e) {
        String where = settings.offline() ? " (offline: only the local repository " + settings.localRepository()
                + " was asked)" : "";
        String message = oneLine(rootMessage(e));
        if (notFound(e)) {
            return new BadInputException("cannot resolve " + what + ": " + message + where, e);
        }
        return new InfrastructureException("cannot resolve " + what + ": " + message + where, e);
    }

    private static boolean notFound(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ArtifactNotFoundException) return true;
            if (t instanceof ArtifactResolutionException are) {
                boolean allMissing = !are.getResults().isEmpty() && are.getResults().stream()
                        .flatMap(r -> r.getExceptions().stream()).allMatch(x -> x instanceof ArtifactNotFoundException);
                if (allMissing) return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t && t.getMessage() == null) t = t.getCause();
        return String.valueOf(t.getMessage());
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }

    @Override
    public void close() {
        session.close();
        system.shutdown();
    }
}
