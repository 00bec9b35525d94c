package io.kvbench.engine;

/**
 * Any failure of a store or engine, with the engine id in the message so that a report over many engines is readable:
 * {@code [lmdb] key too long: 600 bytes, limit 511}.
 */
public class KvException extends RuntimeException {

    private final String engineId;

    public KvException(String engineId, String message) {
        super("[" + engineId + "] " + message);
        this.engineId = engineId;
    }

    public KvException(String engineId, String message, Throwable cause) {
        super("[" + engineId + "] " + message + (cause == null ? "" : ": " + cause), cause);
        this.engineId = engineId;
    }

    public String engineId() {
        return engineId;
    }
}
