package io.kvbench.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The project's Markdown documentation as the doc tests read it: README.md, CONTRIBUTING.md, CHANGELOG.md and every
 * page under docs/. Knows just enough Markdown for them: fenced code blocks, code spans, ATX headings and inline links.
 */
public final class Docs {

    public static final Path README = Path.of("README.md");
    private static final List<Path> TOP_LEVEL = List.of(README, Path.of("CONTRIBUTING.md"), Path.of("CHANGELOG.md"),
            Path.of("lab", "README.md"));
    private static final Path DOCS = Path.of("docs");
    private static final Pattern FENCE = Pattern.compile("(?ms)^ {0,3}```(\\w*)\\n(.*?)^ {0,3}```");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`\\n]*`");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} (.+?)#*\\s*$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a id=\"([\\w-]+)\"></a>");
    /** An inline link or image: [text](target), the target without spaces. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    private Docs() {
    }

    /** Every Markdown file of the documentation, top-level files first. */
    public static List<Path> files() {
        return files(Path.of(""));
    }

    /** Every Markdown file of the documentation of the checkout at {@code root}, top-level files first. */
    public static List<Path> files(Path root) {
        List<Path> files = new ArrayList<>();
        for (Path top : TOP_LEVEL) files.add(root.resolve(top));
        try (Stream<Path> pages = Files.walk(root.resolve(DOCS))) {
            pages.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The bodies of the fenced code blocks of {@code markdown} whose info string is {@code language}. */
    public static List<String> codeBlocks(String markdown, String language) {
        List<String> blocks = new ArrayList<>();
        Matcher m = FENCE.matcher(markdown);
        while (m.find()) if (m.group(1).equals(language)) blocks.add(m.group(2));
        return blocks;
    }

    /** {@code markdown} without its fenced code blocks (each leaves an empty line) and its code spans. */
    public static String prose(String markdown) {
        return CODE_SPAN.matcher(FENCE.matcher(markdown).replaceAll("")).replaceAll("");
    }

    /** The link targets of {@code markdown}, outside code blocks and code spans, in order. */
    public static List<String> links(String markdown) {
        List<String> targets = new ArrayList<>();
        Matcher m = LINK.matcher(prose(markdown));
        while (m.find()) targets.add(m.group(1));
        return targets;
    }

    /**
     * The anchors GitHub gives the headings of {@code markdown} ("## Your own sizes" is #your-own-sizes), and those an
     * HTML anchor names ({@code <a id="old-heading"></a>}: a renamed heading's old anchor, which dated pages link).
     */
    public static Set<String> anchors(String markdown) {
        Set<String> anchors = new LinkedHashSet<>();
        String text = FENCE.matcher(markdown).replaceAll("");
        Matcher m = HEADING.matcher(text);
        while (m.find()) {
            String slug = slug(m.group(1));
            String unique = slug;
            for (int n = 1; !anchors.add(unique); n++) unique = slug + "-" + n;
        }
        Matcher named = HTML_ANCHOR.matcher(text);
        while (named.find()) anchors.add(named.group(1));
        return anchors;
    }

    /** GitHub's heading slug: lower case, punctuation dropped (word characters, spaces, hyphens kept), spaces to -. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").strip().toLowerCase(Locale.ROOT);
        return text.replaceAll("(?U)[^\\w\\- ]", "").replace(' ', '-');
    }
}
