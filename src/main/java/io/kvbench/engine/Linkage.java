package io.kvbench.engine;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * An adapter that does not link against the engine library on the class path (another version of it, a snapshot
 * build): the JVM's own linkage errors, found among a failure's causes, and said in one line that names what is
 * missing. A static initializer that throws ({@link ExceptionInInitializerError}) or a missing native library
 * ({@link UnsatisfiedLinkError}) is the engine failing, not the adapter linking: neither counts.
 */
public final class Linkage {

    private Linkage() {
    }

    /** The first linkage error among {@code failure}, its causes and suppressed exceptions; null when none. */
    public static LinkageError find(Throwable failure) {
        Deque<Throwable> todo = new ArrayDeque<>();
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        if (failure != null) todo.add(failure);
        while (!todo.isEmpty()) {
            Throwable t = todo.poll();
            if (seen.put(t, Boolean.TRUE) != null) continue;
            if (isLinkage(t)) return (LinkageError) t;
            if (t.getCause() != null) todo.add(t.getCause());
            for (Throwable s : t.getSuppressed()) todo.add(s);
        }
        return null;
    }

    /** Whether {@code t} says that code refers to a class, method or field the class path does not have as expected. */
    public static boolean isLinkage(Throwable t) {
        return t instanceof IncompatibleClassChangeError || t instanceof NoClassDefFoundError
                || t instanceof UnsupportedClassVersionError;
    }

    /**
     * What is missing, for people: "missing method 'void org.rocksdb.RocksDB.foo(long)'", "missing class
     * org.rocksdb.Foo", "needs a newer JDK: ...". The kind of failure is the error's type; this is only its wording.
     */
    public static String describe(LinkageError e) {
        String message = e.getMessage() == null ? "" : e.getMessage().replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
        if (e instanceof NoSuchMethodError) return "missing method " + message;
        if (e instanceof NoSuchFieldError) return "missing field " + message;
        if (e instanceof AbstractMethodError) return "unimplemented method: " + message;
        if (e instanceof NoClassDefFoundError) return "missing class " + message.replace('/', '.');
        if (e instanceof UnsupportedClassVersionError) return "needs a newer JDK: " + message;
        return e.getClass().getSimpleName() + ": " + message;
    }
}
