package io.kvbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every refusal kvbench throws is typed (BadInputException, or InputException naming the file), so that the exit code
 * of bad input never rests on an IllegalArgumentException, which a library or the JDK may throw for its own reasons.
 */
class RefusalsAreTypedTest {

    @Test
    void theMainCodeThrowsNoBareIllegalArgumentException() throws IOException {
        List<String> bare = new ArrayList<>();
        for (Path file : PackageDependenciesTest.sources()) {
            String code = PackageDependenciesTest.withoutCommentsAndStrings(Files.readString(file));
            if (code.contains("new IllegalArgumentException(")) bare.add(file.getFileName().toString());
        }
        assertThat(bare).as("throw io.kvbench.input.BadInputException instead").isEmpty();
    }
}
