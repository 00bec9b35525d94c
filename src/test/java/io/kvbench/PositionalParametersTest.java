package io.kvbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No record, constructor or method written in src/main/java takes more than {@value #MAX} positional parameters: a
 * reader should never have to count arguments (YCSB keeps its {@code DB} contract under this limit; wider values are
 * built by name, with a builder or small nested records). Checked on the compiled classes of every source file and
 * their nested classes (generated JMH code is not a source file and is not checked), beside the 400-line rule of
 * {@link PackageDependenciesTest}.
 */
class PositionalParametersTest {

    static final int MAX = 7;
    private static final Path MAIN = Path.of("src", "main", "java");

    @Test
    void noRecordOrMethodTakesMoreThanSevenPositionalParameters() {
        List<String> wide = new ArrayList<>();
        for (Class<?> type : mainClasses()) {
            for (Executable e : declared(type)) {
                int count = positional(e);
                if (count > MAX) wide.add(type.getName() + "." + name(e) + " (" + count + " parameters)");
            }
        }
        assertThat(wide).as("records/constructors/methods over " + MAX
                + " positional parameters: build them by name (a builder or nested records)").isEmpty();
    }

    @Test
    void theCheckCountsWhatAReaderCounts() {
        record Wide(int a, int b, int c, int d, int e, int f, int g, int h) {
        }
        enum Kind {
            ONE(1, 2, 3, 4, 5, 6, 7);

            Kind(int a, int b, int c, int d, int e, int f, int g) {
            }
        }
        Constructor<?> wide = Wide.class.getDeclaredConstructors()[0];
        assertThat(positional(wide)).isEqualTo(8);
        assertThat(positional(Kind.class.getDeclaredConstructors()[0])).as("enum name and ordinal are not counted")
                .isEqualTo(7);
    }

    private static List<Executable> declared(Class<?> type) {
        List<Executable> all = new ArrayList<>();
        for (Method m : type.getDeclaredMethods()) if (!m.isSynthetic() && !m.isBridge()) all.add(m);
        if (!type.isAnonymousClass()) {
            for (Constructor<?> c : type.getDeclaredConstructors()) if (!c.isSynthetic()) all.add(c);
        }
        return all;
    }

    /** Parameters a caller writes: without an enum's name and ordinal or an inner class's enclosing instance. */
    static int positional(Executable e) {
        int count = e.getParameterCount();
        Class<?> type = e.getDeclaringClass();
        if (e instanceof Constructor<?>) {
            if (type.isEnum()) count -= 2;
            else if (type.isMemberClass() && !Modifier.isStatic(type.getModifiers())) count -= 1;
        }
        return count;
    }

    private static String name(Executable e) {
        return e instanceof Constructor<?> ? "<init>" : e.getName();
    }

    /** The classes of every main source file: its top-level class and every nested, local or anonymous one. */
    private static Set<Class<?>> mainClasses() {
        Set<Class<?>> found = new LinkedHashSet<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String relative = MAIN.relativize(file).toString();
                String name = relative.substring(0, relative.length() - ".java".length()).replace('/', '.');
                if (name.endsWith("package-info")) continue;
                for (String className : compiledClasses(name)) found.add(load(className));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    /** {@code Top} and every {@code Top$...} class file beside it. */
    private static List<String> compiledClasses(String topLevel) throws IOException {
        Path classFile = Path.of(PositionalParametersTest.class.getProtectionDomain().getCodeSource().getLocation()
                .getPath()).resolveSibling("classes").resolve(topLevel.replace('.', '/') + ".class");
        String simple = classFile.getFileName().toString().replace(".class", "");
        List<String> names = new ArrayList<>();
        names.add(topLevel);
        try (Stream<Path> siblings = Files.list(classFile.getParent())) {
            siblings.map(f -> f.getFileName().toString())
                    .filter(f -> f.startsWith(simple + "$") && f.endsWith(".class"))
                    .sorted()
                    .forEach(f -> names.add(topLevel.substring(0, topLevel.length() - simple.length())
                            + f.substring(0, f.length() - ".class".length())));
        }
        return names;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, PositionalParametersTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new AssertionError("a main source file without its class: " + name, e);
        }
    }
}
