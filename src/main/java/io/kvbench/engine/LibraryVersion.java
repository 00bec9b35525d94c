package io.kvbench.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Finds the version of an engine library: from the pom.properties Maven puts in the loaded jar where there is one (the
 * truth at run time), else from the versions this build was made with ({@code versions.properties}, filtered by Maven;
 * a shaded jar has one manifest, so Implementation-Version cannot tell jars apart).
 */
public final class LibraryVersion {

    private static final Properties BUILD_VERSIONS = load();

    private LibraryVersion() {
    }

    /**
     * @param anchor     any class of the library (its class loader is asked for the resource)
     * @param groupId    Maven group id
     * @param artifactId Maven artifact id
     */
    public static String of(Class<?> anchor, String groupId, String artifactId) {
        String resource = "/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
        try (InputStream in = anchor.getResourceAsStream(resource)) {
            if (in != null) {
                Properties props = new Properties();
                props.load(in);
                String version = props.getProperty("version");
                if (version != null && !version.isBlank()) return version.trim();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
        return BUILD_VERSIONS.getProperty(groupId + ":" + artifactId, "unknown");
    }

    /** For the naive stores built on the JDK itself. */
    public static String jdk() {
        return "jdk-" + Runtime.version();
    }

    private static Properties load() {
        Properties props = new Properties();
        try (InputStream in = LibraryVersion.class.getResourceAsStream("versions.properties")) {
            if (in != null) props.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read versions.properties", e);
        }
        return props;
    }
}
