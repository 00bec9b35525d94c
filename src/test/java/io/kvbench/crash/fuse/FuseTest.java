package io.kvbench.crash.fuse;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/** What the file system's own tests share: a scratch directory, and a skip that says why where FUSE is missing. */
@Tag("fuse")
abstract class FuseTest {

    @TempDir
    Path tmp;

    @BeforeEach
    void fuseAvailable() {
        var missing = PowerCutFs.unavailableReason();
        assumeTrue(missing.isEmpty(), () -> "FUSE file-system tests skipped: " + missing.orElse(""));
    }
}
