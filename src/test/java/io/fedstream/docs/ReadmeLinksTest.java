package io.fedstream.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * README.md fits on a screen or two, and every link in it resolves: to a file or directory of the repository and, for a
 * {@code #fragment}, to a heading of that Markdown file (GitHub's anchors). It links no web page, which no test here
 * could reach.
 */
class ReadmeLinksTest {

    private static final Path README = Path.of("README.md");
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");

    @Test
    void theReadmeIsAtMostTwoHundredLines() throws IOException {
        assertThat(Files.readAllLines(README)).hasSizeLessThanOrEqualTo(200);
    }

    @Test
    void everyLinkOfTheReadmeResolves() throws IOException {
        List<String> links = links(Files.readString(README));
        assertThat(links).as("links of the README").hasSizeGreaterThan(10);
        for (String link : links) {
            assertThat(link).as("a link to a file of the repository, not a web page").doesNotContain("://");
            String[] parts = link.split("#", 2);
            Path target = README.resolveSibling(parts[0].isEmpty() ? README.toString() : parts[0]).normalize();
            assertThat(target).as(link).exists();
            if (parts.length == 2) {
                assertThat(anchors(target)).as("headings of %s", target).contains(parts[1]);
            }
        }
    }

    @Test
    void anchorsAreGitHubs() {
        assertThat(anchor("`run` in production: restarts, outages, probes")).isEqualTo("run-in-production-restarts-outages-probes");
        assertThat(anchor("Set-up (a fresh machine with Java 17 and Maven)")).isEqualTo("set-up-a-fresh-machine-with-java-17-and-maven");
    }

    static List<String> links(String markdown) {
        List<String> links = new ArrayList<>();
        Matcher matcher = LINK.matcher(markdown);
        while (matcher.find()) {
            links.add(matcher.group(1));
        }
        return links;
    }

    private static List<String> anchors(Path markdown) throws IOException {
        return Files.readAllLines(markdown).stream().filter(line -> line.startsWith("#"))
                .map(line -> anchor(line.replaceFirst("^#+\\s*", ""))).toList();
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
    static String anchor(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }
}
