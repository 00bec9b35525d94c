package io.kvbench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Points {@link BenchSettings#DATA_DIR} at a fresh temporary directory for each test, and restores it after. */
final class TempDataDir implements BeforeEachCallback, AfterEachCallback {

    private Path dir;
    private String previous;

    Path dir() {
        return dir;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        dir = Files.createTempDirectory("kvbench-data-");
        previous = System.getProperty(BenchSettings.DATA_DIR);
        System.setProperty(BenchSettings.DATA_DIR, dir.toString());
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        if (previous == null) System.clearProperty(BenchSettings.DATA_DIR);
        else System.setProperty(BenchSettings.DATA_DIR, previous);
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
