import { existsSync } from "node:fs";

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

/**
 * Debian's full Chromium (browsers cannot be downloaded here), for the benchmarks of what a person feels
 * (bench/pages.ts, bench/usable.ts). CHROMIUM_PATH points at another build.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ARGS,
};

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The e2e suite's browser: Debian's Chromium headless shell when it is installed (`apt-get install -y
 * chromium-headless-shell`; .ci/run does), else the full Chromium. The shell is the same Blink and V8 without the
 * full browser's GPU process and compositor, which on this 2-core machine drew a third of the suite's CPU; it is what
 * Playwright itself runs headless by default (decision 0057). E2E_CHROMIUM_PATH points at another build.
 */
export const e2eChromiumLaunchOptions = {
  executablePath:
    process.env.E2E_CHROMIUM_PATH ??
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumLaunchOptions.executablePath),
  args: ARGS,
};
