package io.fedstream.api;

import java.io.IOException;
import java.nio.file.Files;
import io.fedstream.runtime.MachinePackage;
import java.nio.file.Path;
import java.time.Duration;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium and chromedriver, headless, with the flags these machines need; Selenium is pointed at both
 * binaries so that Selenium Manager never tries to download a browser or a driver.
 */
final class HeadlessChromium {

    static final Path BROWSER = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private HeadlessChromium() {}

    /** A fresh browser with its own profile directory under {@code profileRoot}; quit it when done. */
    static ChromeDriver start(Path profileRoot, int width, int height) throws IOException {
        for (Path binary : new Path[] {BROWSER, DRIVER}) {
            MachinePackage.require("the browser test", Files.isExecutable(binary), binary + " (Debian's chromium and chromium-driver)",
                    "apt-get update && apt-get install -y chromium chromium-driver");
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--no-first-run", "--disable-quic", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=" + width + "," + height,
                "--user-data-dir=" + Files.createTempDirectory(profileRoot, "chromium-profile"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort()
                .withTimeout(Duration.ofSeconds(30))
                .build();
        return new ChromeDriver(service, options);
    }
}
