/**
 * How Playwright starts Debian's Chromium here (browsers cannot be downloaded): shared by the e2e suite
 * (playwright.config.ts) and the page benchmark (bench/pages.ts). CHROMIUM_PATH points at another build.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
};
