package io.kvbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every refusal kvbench (and its lab) throws is typed (BadInputException, or InputException naming the file), so that
 * the exit code of bad input never rests on an IllegalArgumentException, which a library or the JDK may throw for its
 * own reasons.
 */
class RefusalsAreTypedTest {

    @Test
    void theMainCodeThrowsNoBareIllegalArgumentException() throws IOException {
        List<Path> files = new ArrayList<>(PackageDependenciesTest.sources());
        try (Stream<Path> lab = Files.walk(Path.of("lab", "src", "main", "java"))) { // the lab's commands exit alike
            lab.filter(f -> f.toString().endsWith(".java")).forEach(files::add);
        }
        List<String> bare = new ArrayList<>();
        for (Path file : files) {
            String code = PackageDependenciesTest.withoutCommentsAndStrings(Files.readString(file));
            if (code.contains("new IllegalArgumentException(")) bare.add(file.toString());
        }
        assertThat(bare).as("throw io.kvbench.input.BadInputException instead").isEmpty();
    }
}
