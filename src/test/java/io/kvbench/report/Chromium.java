package io.kvbench.report;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A headless Chromium for tests: found on the PATH (Debian's {@code chromium}, or {@code chromium-browser},
 * {@code google-chrome}) or at {@code $KVBENCH_CHROMIUM}, run once per call with a fresh profile and everything that
 * would reach for a network switched off (on a machine without one, Chromium otherwise keeps retrying refused
 * connections).
 */
final class Chromium {

    static final String MISSING = "skipped: no Chromium (chromium, chromium-browser or google-chrome on the PATH, or "
            + "$KVBENCH_CHROMIUM); scripts/setup-chromium.sh installs Debian's";

    private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome");
    private static final long TIMEOUT_SECONDS = 120;

    private final Path executable;

    private Chromium(Path executable) {
        this.executable = executable;
    }

    static Optional<Chromium> find() {
        String configured = System.getenv("KVBENCH_CHROMIUM");
        if (configured != null && !configured.isBlank() && Files.isExecutable(Path.of(configured))) {
            return Optional.of(new Chromium(Path.of(configured)));
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String name : NAMES) {
            for (String directory : path.split(File.pathSeparator)) {
                Path candidate = Path.of(directory).resolve(name);
                if (!directory.isEmpty() && Files.isExecutable(candidate)) return Optional.of(new Chromium(candidate));
            }
        }
        return Optional.empty();
    }

    /** A screenshot of the top {@code width} x {@code height} pixels of the page. */
    void screenshot(Path page, Path png, int width, int height, Path profile) throws IOException, InterruptedException {
        run(profile, "--window-size=" + width + "," + height, "--hide-scrollbars", "--screenshot=" + png,
                page.toUri().toString());
        if (!Files.isRegularFile(png)) throw new IOException("chromium wrote no screenshot " + png);
    }

    /** The page's DOM after its scripts ran, as Chromium serialises it. */
    String dumpDom(Path page, Path profile) throws IOException, InterruptedException {
        return run(profile, "--dump-dom", page.toUri().toString());
    }

    /**
     * The same for a page that frames another file of its directory (headless Chromium keeps windows at least 500
     * pixels wide, so a phone's width is a frame's): its scripts may reach the framed page.
     */
    String dumpFramingDom(Path page, Path profile) throws IOException, InterruptedException {
        return run(profile, "--allow-file-access-from-files", "--dump-dom", page.toUri().toString());
    }

    private String run(Path profile, String... arguments) throws IOException, InterruptedException {
        Files.createDirectories(profile);
        List<String> command = new ArrayList<>(List.of(executable.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile));
        command.addAll(List.of(arguments));
        Path out = profile.resolveSibling(profile.getFileName() + ".out");
        Path err = profile.resolveSibling(profile.getFileName() + ".err");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("chromium did not finish in " + TIMEOUT_SECONDS + " s: " + command);
        }
        if (process.exitValue() != 0) {
            throw new IOException("chromium exited with " + process.exitValue() + ": " + Files.readString(err));
        }
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
