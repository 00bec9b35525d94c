package io.kvbench.infra;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.testcontainers.images.builder.ImageFromDockerfile;
import org.testcontainers.utility.DockerImageName;

/**
 * The image benchmark containers run: docker/Dockerfile (packaged as {@value #TEMPLATE}) on a chosen base image, built
 * through Testcontainers and kept under a tag derived from the Dockerfile text and the base image's id, so that it is
 * built once and rebuilt only when either changes.
 */
public final class RuntimeImage {

    static final String TEMPLATE = "kvbench/docker/Dockerfile";
    static final String FROM_LINE = "FROM ${BASE_IMAGE}";
    /** Built offline by scripts/setup-docker.sh; preferred when present (no registry needed). */
    static final String OFFLINE_BASE = "kvbench-base:bookworm-jdk17";
    /** Where a registry is reachable (GitHub Actions, a laptop). */
    static final String PUBLIC_BASE = "eclipse-temurin:17-jdk";
    /** Same variable scripts/setup-docker.sh reads for the tag it builds. */
    static final String BASE_IMAGE_ENV = "KVBENCH_BASE_IMAGE";

    /** @param took build time, or the time to find the cached image */
    public record Image(String tag, String baseImage, boolean cached, Duration took) {
    }

    /** The JDK the runtime image promises (docker/Dockerfile); flags for newer JDKs would stop it from starting. */
    public static final int JAVA_VERSION = 17;

    private RuntimeImage() {
    }

    /** The Dockerfile text for {@code baseImage}: the template with the FROM line written literally. */
    static String dockerfile(String baseImage) {
        String template;
        try (InputStream in = RuntimeImage.class.getClassLoader().getResourceAsStream(TEMPLATE)) {
            if (in == null) throw new IllegalStateException(TEMPLATE + " is missing from the class path");
            template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (template.lines().filter(FROM_LINE::equals).count() != 1) {
            throw new IllegalStateException(TEMPLATE + " must have exactly one line '" + FROM_LINE + "'");
        }
        return template.replace(FROM_LINE, "FROM " + baseImage);
    }

    /** An explicit choice, else $KVBENCH_BASE_IMAGE, else the offline base if this engine has it, else the public JDK.
     * */
    static String chooseBase(String explicit, DockerClient client) {
        if (explicit != null && !explicit.isBlank()) return explicit;
        String env = System.getenv(BASE_IMAGE_ENV);
        if (env != null && !env.isBlank()) return env;
        return present(client, OFFLINE_BASE) ? OFFLINE_BASE : PUBLIC_BASE;
    }

    /**
     * What every container needs first: a Docker engine that answers, the base image chosen ({@link #chooseBase}) and
     * the
     * runtime image on it found or built ({@link #ensure}), said in one line through {@code note}.
     *
     * @throws InfrastructureException when Docker or the image is unavailable
     */
    public static Image ready(String explicitBase, Consumer<String> note) {
        Optional<String> unavailable = DockerEngine.unavailableReason();
        if (unavailable.isPresent()) throw new InfrastructureException("Docker not available: " + unavailable.get());
        DockerClient client = DockerEngine.client();
        String base = chooseBase(explicitBase, client);
        Image image = ensure(client, base, Duration.ofMinutes(10));
        note.accept(String.format("image %s (on %s): %s in %.1f s", image.tag(), base, image.cached() ? "found"
                : "built",
                image.took().toMillis() / 1000.0));
        return image;
    }

    /** The runtime image on {@code baseImage}, built unless an identical one exists. */
    static Image ensure(DockerClient client, String baseImage, Duration timeout) {
        long start = System.nanoTime();
        String baseId = baseImageId(client, baseImage, timeout);
        String text = dockerfile(baseImage);
        String tag = "kvbench-runtime:" + sha256(text + "\n" + baseId).substring(0, 12);
        if (present(client, tag)) return new Image(tag, baseImage, true, Duration.ofNanos(System.nanoTime() - start));
        try {
            new ImageFromDockerfile(tag, false).withFileFromString("Dockerfile", text)
                    .get(timeout.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new InfrastructureException("building image " + tag + " on " + baseImage + " took longer than "
                    + timeout.toSeconds() + " s");
        } catch (RuntimeException e) {
            throw new InfrastructureException("cannot build image " + tag + " on " + baseImage + ": " + rootMessage(e),
                    e);
        }
        return new Image(tag, baseImage, false, Duration.ofNanos(System.nanoTime() - start));
    }

    /** The base image's id, pulling it once (bounded) if it is missing: Testcontainers' own pull retries for minutes.
     * */
    private static String baseImageId(DockerClient client, String baseImage, Duration timeout) {
        if (!present(client, baseImage)) {
            DockerImageName name = DockerImageName.parse(baseImage);
            try {
                boolean done = client.pullImageCmd(name.getUnversionedPart()).withTag(name.getVersionPart()).start()
                        .awaitCompletion(timeout.toSeconds(), TimeUnit.SECONDS);
                if (!done) throw new InfrastructureException("pulling base image " + baseImage + " took longer than "
                        + timeout.toSeconds() + " s");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InfrastructureException("interrupted while pulling base image " + baseImage, e);
            } catch (RuntimeException e) {
                if (e instanceof InfrastructureException) throw e;
                throw new InfrastructureException("base image " + baseImage
                        + " is not on this Docker engine and cannot be pulled ("
                        + rootMessage(e) + "); build the offline one with scripts/setup-docker.sh, or choose one with "
                        + "--base-image", e);
            }
        }
        return client.inspectImageCmd(baseImage).exec().getId();
    }

    private static boolean present(DockerClient client, String image) {
        try {
            client.inspectImageCmd(image).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage().trim()
                .replaceAll("\\s+", " ");
    }
}
