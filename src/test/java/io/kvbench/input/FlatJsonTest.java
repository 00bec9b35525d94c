package io.kvbench.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class FlatJsonTest {

    record Size(int width, int height) {
    }

    record Label(String text, String colour) {
    }

    record Box(String name, @JsonUnwrapped Size size, @JsonUnwrapped Label label) {
    }

    private static final ObjectMapper FLAT = JsonMapper.builder().addModule(new FlatJson()).build();
    private static final Path FILE = Path.of("boxes.json");

    @Test
    void nestedRecordsAreOneFlatObjectBothWays() throws Exception {
        Box box = new Box("a", new Size(2, 3), new Label("hi", "red"));
        String json = FLAT.writeValueAsString(box);
        assertThat(json).isEqualTo("{\"name\":\"a\",\"width\":2,\"height\":3,\"text\":\"hi\",\"colour\":\"red\"}");
        assertThat(FLAT.readValue(json, Box.class)).isEqualTo(box);
    }

    @Test
    void anUnknownFieldIsRefusedWithItsNameAndPath() {
        String json = "[{\"name\":\"a\",\"width\":2},{\"name\":\"b\",\"widht\":2}]";
        assertThatThrownBy(() -> Inputs.parse(FLAT, FILE, json.getBytes(StandardCharsets.UTF_8),
                new TypeReference<List<Box>>() { }, "boxes"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("[1]")
                .hasMessageContaining("widht");
    }

    @Test
    void withoutTheModuleJacksonWouldAcceptTheTypo() throws Exception {
        Box read = JsonMapper.builder().build().readValue("{\"name\":\"b\",\"widht\":2}", Box.class);
        assertThat(read.size().width()).as("the typo is silently dropped").isZero();
    }

    @Test
    void aFieldOfAPartThatIsAbsentTakesItsDefault() throws Exception {
        Box read = FLAT.readValue("{\"name\":\"c\",\"text\":\"t\"}", Box.class);
        assertThat(read.size()).isEqualTo(new Size(0, 0));
        assertThat(read.label()).isEqualTo(new Label("t", null));
    }
}
