import type { Page } from "@playwright/test";

/** Where specs leave pictures of the pages for people to look at (test-results/screens unless overridden). */
const SCREENS = `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/screens`;

/**
 * Whether to take them: yes unless E2E_SCREENS=off, which `npm test` sets (the suite's 270-odd full-page pictures
 * cost over a minute of it); `npm run test:e2e` takes them. The role guides' pictures (docs/guide/images) are taken
 * either way. Runs without them once exposed a race the pictures' time had hidden (a list's Next ignored during a
 * background refresh, fixed in components/data-table/data-table-pagination.tsx).
 */
const TAKE = process.env.E2E_SCREENS !== "off";

/**
 * A picture of the page as `<SCREENS>/<name>.png`: the whole page by default, taken from the top, because the
 * console's shell (sidebar and header) is fixed and a full-page capture of a scrolled page draws it wherever the
 * page was scrolled to. `fullPage: false` keeps what is in view, for an open dialog or sheet. Transitions are
 * taken at their end (a toast sliding in would be drawn half transparent).
 */
export async function shot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (!TAKE) return;
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage, animations: "disabled" });
}
