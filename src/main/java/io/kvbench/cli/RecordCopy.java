package io.kvbench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kvbench.input.BadInputException;
import java.util.function.Consumer;

/**
 * A copy of a data record (a profile, a workload) with some fields changed by name, through the record's own
 * constructor checks: no positional constructor calls of eleven or twenty-four arguments for one changed field.
 */
final class RecordCopy {

    // Derived values (Workload.isPass() serialises as "pass") are not fields of the record: ignored on the way back.
    private static final ObjectMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    private RecordCopy() {
    }

    /** {@code record} with the fields {@code edit} sets; a value its constructor refuses is bad input, on one line. */
    static <T> T with(T record, Class<T> type, Consumer<ObjectNode> edit) {
        ObjectNode fields = JSON.valueToTree(record);
        edit.accept(fields);
        try {
            return JSON.treeToValue(fields, type);
        } catch (JsonProcessingException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
            throw new BadInputException(message.lines().findFirst().orElse(message), e);
        }
    }
}
