package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo's tour names files that exist wherever the demo was started. */
class TourFilesTest {

    @Test
    void inTheRepositoryTheTourNamesItsDocsExamples() {
        Path repository = Path.of("").toAbsolutePath();

        assertThat(TourFiles.path(DemoCommand.TOUR_JOB, repository, repository.resolve("target/unused")))
                .isEqualTo("docs/examples/flinkdeployment.yaml");
    }

    @Test
    void elsewhereItWritesTheJarsCopiesAndNamesThemWhole(@TempDir Path elsewhere, @TempDir Path state) throws Exception {
        String quota = TourFiles.path(DemoCommand.TOUR_QUOTA, elsewhere, state.resolve("tour"));
        String job = TourFiles.path(DemoCommand.TOUR_JOB, elsewhere, state.resolve("tour"));

        assertThat(quota).isEqualTo(state.resolve("tour/federatedresourcequota.yaml").toString());
        assertThat(Files.readString(Path.of(quota))).isEqualTo(Files.readString(Path.of(DemoCommand.TOUR_QUOTA)));
        assertThat(Files.readString(Path.of(job))).isEqualTo(Files.readString(Path.of(DemoCommand.TOUR_JOB)));
    }
}
