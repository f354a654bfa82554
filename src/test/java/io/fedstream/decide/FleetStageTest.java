package io.fedstream.decide;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** What every stage test on a {@link FleetDriver} shares: a fresh state directory and the driver, closed after each test. */
abstract class FleetStageTest {

    @TempDir
    Path stateDir;
    FleetDriver fleet;

    @AfterEach
    void closeFleet() {
        if (fleet != null) {
            fleet.close();
        }
    }
}
