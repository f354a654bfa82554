package io.fedstream.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/metrics.md documents every meter, and the Grafana dashboard queries exactly the documented ones. */
class MetricsDocsTest {

    private static final Pattern FEDSTREAM_NAME = Pattern.compile("fedstream_[a-z_]+");
    private static final Pattern DOCUMENTED = Pattern.compile("^\\| `(fedstream_[a-z_]+)` \\|", Pattern.MULTILINE);
    private static final List<String> HISTOGRAM_SUFFIXES = List.of("_bucket", "_count", "_sum", "_max");

    @Test
    void everyMeterIsDocumentedUnderItsPrometheusName() throws IOException {
        Set<String> documented = documented();
        String scrape = scrapeOfEveryRecordedMeter();

        assertThat(documented).contains("fedstream_clusters", "fedstream_migrations", "fedstream_relay_bytes");
        for (String name : documented) {
            if (!Set.of("fedstream_clusters", "fedstream_migrations", "fedstream_relay_bytes").contains(name)) {
                assertThat(scrape).as("the registry shows the documented " + name).contains("\n" + name);
            }
        }
        Matcher shown = Pattern.compile("^(fedstream_[a-z_]+?)(_bucket|_count|_sum|_max)?[{ ]", Pattern.MULTILINE).matcher(scrape);
        while (shown.find()) {
            assertThat(documented).as("docs/metrics.md documents " + shown.group(1)).contains(shown.group(1));
        }
        assertThat(StoreCensus.CLUSTERS.replace('.', '_')).isIn(documented);
        assertThat(MigrationGauges.MIGRATIONS.replace('.', '_')).isIn(documented);
        assertThat(MigrationGauges.RELAY_BYTES.replace('.', '_')).isIn(documented);
    }

    @Test
    void theDashboardQueriesEveryDocumentedMeterAndNoOther() throws IOException {
        JsonNode dashboard = new ObjectMapper().readTree(Path.of("docs", "grafana-dashboard.json").toFile());
        Set<String> queried = new TreeSet<>();
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                Matcher names = FEDSTREAM_NAME.matcher(target.path("expr").asText());
                while (names.find()) {
                    queried.add(base(names.group()));
                }
            }
        }

        assertThat(queried).containsExactlyInAnyOrderElementsOf(documented());
    }

    private static String scrapeOfEveryRecordedMeter() {
        FedstreamMetrics metrics = FedstreamMetrics.create();
        metrics.interpreted("Deployment", "INTERPRETED");
        metrics.admitted("a");
        metrics.rejected("a");
        metrics.placed();
        metrics.unplaceable();
        metrics.deadLettered("interpret");
        metrics.usageDropped(FedstreamMetrics.USAGE_OF_REMOVED_WORKLOAD);
        return metrics.scrape();
    }

    private static String base(String name) {
        for (String suffix : HISTOGRAM_SUFFIXES) {
            if (name.endsWith(suffix) && name.startsWith("fedstream_heartbeat_lag_seconds")) {
                return name.substring(0, name.length() - suffix.length());
            }
        }
        return name;
    }

    private static Set<String> documented() throws IOException {
        Matcher rows = DOCUMENTED.matcher(Files.readString(Path.of("docs", "metrics.md")));
        Set<String> names = new TreeSet<>();
        while (rows.find()) {
            names.add(rows.group(1));
        }
        return names;
    }
}
