package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.result.Failure;
import io.kvbench.result.FailureKind;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The shapes of MapDB's write-ahead-log corruption after a SIGKILL that the crash check has met, as its failure lines
 * read, matched to their upstream reports; anything else, or the same failure on a fresh store, stays a failure.
 */
class MapDbKillFailureShapesTest {

    @Test
    void aPutThatFailsWithBrokenBitParityAfterARecoveryIsTheRecordedIssue() {
        // Verbatim from the CI run that found it (2026-11-23).
        String seen = "the engine failed while writing in cycle 2: WRITE-FAILED 20000000 KvException: [mapdb] put "
                + "failed: org.mapdb.DBException$PointerChecksumBroken: Broken bit parity <- PointerChecksumBroken: "
                + "Broken bit parity";
        assertRecordedAs(FailureKind.ENGINE_FAILURE, seen, "https://github.com/jankotek/mapdb/issues/944");
        assertThat(find("mapdb", FailureKind.ENGINE_FAILURE, seen.replace("cycle 2", "cycle 1")))
                .as("no kill before cycle 1").isEmpty();
        assertThat(find("h2-mvstore", FailureKind.ENGINE_FAILURE, seen.replace("[mapdb]", "[h2-mvstore]"))).isEmpty();
        String other = seen.replace("Broken bit parity", "something else");
        assertThat(find("mapdb", FailureKind.ENGINE_FAILURE, other)).isEmpty();
        assertThat(find("mapdb", FailureKind.DATA_LOSS, seen)).as("the kind is part of the match").isEmpty();
        assertThat(Verdicts.find("mapdb", Fault.POWER_CUT, new Failure(FailureKind.ENGINE_FAILURE, seen)))
                .as("the fault is part of the match").isEmpty();
    }

    @Test
    void aDeleteThatFailsWithBrokenBitParityAfterARecoveryIsTheSameIssue() {
        // Verbatim from mvn test on 2026-11-28 (seed 20261126, writers as local child JVMs): the same free-space
        // corruption met by a delete instead of a put.
        String seen = "the engine failed while writing in cycle 4: WRITE-FAILED 40000000 KvException: [mapdb] delete "
                + "failed: org.mapdb.DBException$PointerChecksumBroken: Broken bit parity <- PointerChecksumBroken: "
                + "Broken bit parity";
        assertRecordedAs(FailureKind.ENGINE_FAILURE, seen, "https://github.com/jankotek/mapdb/issues/944");
        assertThat(find("mapdb", FailureKind.ENGINE_FAILURE, seen.replace("delete failed", "scan failed")))
                .as("only writes").isEmpty();
    }

    @Test
    void aStoreThatCannotBeReadAfterTheKillIsTheEarlierRecordedIssue() {
        String seen = "cannot read the store after the kill of cycle 1: READ-FAILED KvException: [mapdb] get failed: "
                + "java.nio.BufferUnderflowException <- BufferUnderflowException: null";
        assertRecordedAs(FailureKind.UNREADABLE, seen, "https://github.com/jankotek/mapdb/issues/897");
    }

    @Test
    void aNodeWithAGarbageLengthAfterTheKillIsTheSameIssue() {
        // Verbatim from the CI run that found it (2026-11-25, seed 3767930420206); the kept store fails a scan in
        // SerializerByteArray.deserialize <- BTreeMapJava$NodeSerializer.deserialize <- StoreWAL.get, as #897's shape.
        String seen = "cannot read the store after the kill of cycle 4: READ-FAILED KvException: [mapdb] get failed: "
                + "java.lang.NegativeArraySizeException: -166086718 <- NegativeArraySizeException: -166086718";
        assertRecordedAs(FailureKind.UNREADABLE, seen, "https://github.com/jankotek/mapdb/issues/897");
        assertThat(find("mapdb", FailureKind.UNREADABLE, seen.replace("cannot read the store after the kill of cycle 4",
                "read failed in cycle 1"))).as("not after a kill").isEmpty();
        assertThat(find("mapdb", FailureKind.UNREADABLE, seen.replace("NegativeArraySizeException: -166086718",
                "NegativeArraySizeException"))).as("only the garbage-length shape").isEmpty();
    }

    @Test
    void aGarbageLengthLargerThanTheHeapAfterTheKillIsTheSameIssue() {
        // The full check on 2026-12-02 (seed 20261126, writers in containers): the kept store, opened and scanned in
        // a 512 MiB JVM, fails with this OutOfMemoryError in SerializerByteArray.deserialize <- BTreeMapJava$Node
        // Serializer.deserialize <- StoreWAL.get, #897's stack; the writer reports it as CrashWriter prints it.
        String seen = "cannot read the store after the kill of cycle 3: READ-FAILED OutOfMemoryError: Java heap space "
                + "at org.mapdb.serializer.SerializerByteArray.deserialize";
        assertRecordedAs(FailureKind.UNREADABLE, seen, "https://github.com/jankotek/mapdb/issues/897");
        assertThat(find("mapdb", FailureKind.UNREADABLE, seen.replace("org.mapdb.serializer.SerializerByteArray",
                "io.kvbench.crash.CrashWriter"))).as("only an allocation MapDB's deserializer asked for").isEmpty();
    }

    @Test
    void aNodeReadPastItsBufferWhenTheStoreOpensAfterTheKillIsTheSameIssue() {
        // Verbatim from the full check on 2026-12-02 (seed 20261126, writers in containers); the kept store fails to
        // open in DataInput2$ByteBuffer.unpackInt <- BTreeMapJava$NodeSerializer.deserialize <- StoreWAL.get.
        String seen = "unopenable after the kill of cycle 4: OPEN-FAILED KvException: [mapdb] cannot open store in "
                + "/tmp/ci2/target/crash-results-container/crash-data/mapdb/store: "
                + "java.lang.IndexOutOfBoundsException: 1048576 <- IndexOutOfBoundsException: 1048576";
        assertRecordedAs(FailureKind.UNOPENABLE, seen, "https://github.com/jankotek/mapdb/issues/897");
    }

    @Test
    void aReadThatNeverEndsAfterTheKillIsTheSameIssue() {
        // Verbatim from mvn test on 2026-12-02 (seed 20261126, local writers): the kept store's gets spin in
        // DataInput2$ByteBuffer.unpackInt <- BTreeMapJava$NodeSerializer.deserialize <- StoreWAL.get.
        String seen = "recovery did not finish within 120 s after the kill of cycle 3";
        assertRecordedAs(FailureKind.UNOPENABLE, seen, "https://github.com/jankotek/mapdb/issues/897");
        assertThat(find("mapdb", FailureKind.UNOPENABLE, seen.replace("after the kill", "after the power cut")))
                .as("a kill only").isEmpty();
        assertThat(find("rocksdb", FailureKind.UNOPENABLE, seen)).as("mapdb only").isEmpty();
    }

    /** The failure line, of this kind after a process kill, matches the MapDB known issue of this upstream report. */
    private static void assertRecordedAs(FailureKind kind, String seen, String reference) {
        assertThat(find("mapdb", kind, seen)).get().extracting(KnownIssues.KnownIssue::reference).isEqualTo(reference);
    }

    private static Optional<KnownIssues.KnownIssue> find(String engine, FailureKind kind, String seen) {
        return Verdicts.find(engine, Fault.PROCESS_KILL, new Failure(kind, seen));
    }
}
