package dev.gather.daemon;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's chromium, headless, driven through Debian's chromedriver: both paths are given, so Selenium
 * Manager has nothing to look up or download. One fresh profile directory per browser, removed on close.
 */
final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    final ChromeDriver driver;
    private final Path profile;

    Browser() throws IOException {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            // not a skip: the browser tests must run; make test and .ci/run install both
            throw new IllegalStateException("the browser tests need " + CHROMIUM + " and " + CHROMEDRIVER
                    + ": apt-get install chromium chromium-driver");
        }
        profile = Files.createTempDirectory("gather-chromium-");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .withLogFile(new File("target/web/chromedriver.log"))
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1400,1000",
                "--user-data-dir=" + profile);
        Files.createDirectories(Path.of("target/web"));
        driver = new ChromeDriver(service, options);
    }

    /**
     * The text the first element matching {@code css} shows, or "" when there is none: read in one script,
     * since pages redraw their lists as events arrive and a held element goes stale.
     */
    String text(String css) {
        return ((String) driver.executeScript(
                        "const e = document.querySelector(arguments[0]); return e ? e.innerText : '';", css))
                .strip();
    }

    /** Whether an element matches {@code css} now. */
    boolean present(String css) {
        return (Boolean) driver.executeScript("return document.querySelector(arguments[0]) !== null;", css);
    }

    /**
     * Clicks the first element matching {@code css}, found and clicked in one script: an element found
     * first and clicked after goes stale when the page redraws its list in between (a loaded machine
     * lets an event arrive there), and Selenium then refuses the click.
     */
    void click(String css) {
        Object clicked = driver.executeScript(
                "const e = document.querySelector(arguments[0]); if (e) { e.click(); } return e !== null;", css);
        if (!Boolean.TRUE.equals(clicked)) {
            throw new IllegalStateException("nothing on the page matches " + css);
        }
    }

    /** A PNG of what the page shows now, under target/web/. */
    Path screenshot(String name) throws IOException {
        Path file = Path.of("target/web").resolve(name + ".png");
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        return file;
    }

    @Override
    public void close() throws IOException {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> s = Files.walk(profile)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
