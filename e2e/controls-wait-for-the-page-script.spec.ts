import { expect, type Page, test } from "@playwright/test";
import { signInPage } from "./support/session";

const SCRIPTS = /\/_next\/static\/chunks\/.+\.js(\?|$)/;

/**
 * Holds every script chunk of the pages opened next until the returned release is called (the test unroutes
 * `SCRIPTS` when done).
 * Routing also turns the browser's cache off, so every chunk is asked for, and held (its stylesheets, in the same
 * folder, are not: the page is drawn as it would be).
 */
async function holdPageScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(SCRIPTS, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Issue 49 item 6: on a busy machine the page appears before its script runs, and a press on a menu button then did
 * nothing. Until the script has taken over, such a button looks unavailable and takes no press; once it has, the
 * same press opens the menu. The page's code is held back here (every script chunk waits until released), so the
 * moment before is certain, not a race.
 */
test("a button only script can work looks unavailable until the page's script runs, then works", async ({
  page,
}) => {
  await signInPage(page, "admin");
  const release = await holdPageScripts(page);
  await page.goto("/transactions", { waitUntil: "commit" });
  const views = page.getByRole("button", { name: "Views" });
  await expect(views).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await expect(views).toHaveCSS("opacity", "0.55");
  await expect(views).toHaveCSS("pointer-events", "none");
  // A link works without script and is left as it is.
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Customers" }),
  ).toHaveCSS("opacity", "1");

  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(views).toHaveCSS("opacity", "1");
  await views.click();
  await expect(page.getByRole("menu")).toContainText("Your views");
  await page.unroute(SCRIPTS);
});

test("a switch whose state lives in script looks unavailable until the page's script runs, then works", async ({
  page,
}) => {
  await signInPage(page, "admin");
  const release = await holdPageScripts(page);
  await page.goto("/customers", { waitUntil: "commit" });
  // The browser's own checkbox (components/ui/switch.tsx) would toggle on a press before React holds its state.
  const includeDeleted = page.getByRole("switch", { name: "Include deleted" });
  await expect(includeDeleted).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await expect(includeDeleted).toHaveCSS("opacity", "0.55");
  await expect(includeDeleted).toHaveCSS("pointer-events", "none");

  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(includeDeleted).toHaveCSS("opacity", "1");
  await includeDeleted.click();
  await expect(includeDeleted).toBeChecked();
  await expect(page).toHaveURL(/isIncludingDeleted=true/);
  await page.unroute(SCRIPTS);
});

test("the sign-in form posts without script, so its button is ready at once", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/login");
  const submit = page.getByRole("button", { name: "Sign in" });
  await expect(submit).toHaveCSS("opacity", "1");
  await expect(submit).toHaveCSS("pointer-events", "auto");
  await context.close();
});
