import { expect, type Page, test } from "@playwright/test";
import { axeAudit, expectNoViolations, WCAG_TAGS } from "./support/axe";
import { overriddenClassLists } from "./support/class-lists";
import { consolePages } from "./support/console-pages";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { collectHydrationErrors } from "./support/hydration";
import { shot } from "./support/screens";
import { signInPage, switchUser } from "./support/session";

// What a theme changes is colour: the dark pass runs the rules that judge colour, the light pass runs them all.
// (Running every rule twice was half of this spec's time and judged the same markup twice.)
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
type Scheme = "light" | "dark";

/** Every rule in the light theme; the colour rules in the dark one. */
async function auditScheme(page: Page, where: string, scheme: Scheme) {
  const audit = axeAudit(page);
  await expectNoViolations(
    scheme === "light" ? audit.withTags(WCAG_TAGS) : audit.withRules(COLOUR_RULES),
    where,
  );
}

/** "/customers/Customer%3A1/edit" → "customers-detail-edit", "/" → "overview": a picture's name per kind of page. */
function pictureName(path: string): string {
  const parts = path.split("/").filter((part) => part !== "");
  return parts.map((part) => (part.includes("%3A") ? "detail" : part)).join("-") || "overview";
}

/** Opens a page and waits until its data has arrived: the heading is shown and nothing is still loading. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

/**
 * Switches the page's colour scheme as a person's system setting would (the console follows it) and waits until the
 * page has taken it: the root element's class, then every transition at its end (axe reads the colours drawn).
 */
async function switchScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await page.evaluate(async () => {
    // A transition another replaces is cancelled (its promise rejects) and the new one runs: wait for those too.
    for (let round = 0; round < 10; round += 1) {
      const running = document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition && animation.playState === "running");
      if (running.length === 0) return;
      await Promise.allSettled(running.map((animation) => animation.finished));
    }
  });
}

/**
 * Audits what is on screen in the light theme (every rule) and then in the dark one (the colour rules: the markup is
 * the same), leaving the page light. One page load serves both themes.
 */
async function auditBothThemes(page: Page, where: string, picture?: string) {
  await auditScheme(page, where, "light");
  if (picture) await shot(page, `light-${picture}`);
  await switchScheme(page, "dark");
  await auditScheme(page, where, "dark");
  if (picture) await shot(page, `dark-${picture}`);
  await switchScheme(page, "light");
}

test("every page of the console passes an automated accessibility audit, in the light and the dark theme", async ({
  page,
}) => {
  test.setTimeout(420_000);
  // Each page is open once here for an admin: hydration errors are checked on the way (the hydration spec opens the
  // other roles' pages).
  const hydrationErrors = collectHydrationErrors(page);
  await page.emulateMedia({ colorScheme: "light" });
  const customer = await createIndividualCustomer("Audit Página Ñandú");
  const payment = await receiveSandboxPayment(customer.id, 1_234);

  await open(page, "/login");
  await auditBothThemes(page, "/login");

  await signInPage(page, "admin");
  const overridden: string[] = [];
  for (const path of consolePages(customer.id, payment.id)) {
    await open(page, path);
    // While the page is open: no class list holds a utility another in it overrides (lib/universal/utils.ts's
    // `cn` relies on it; e2e/class-lists-hold-no-overrides.spec.ts checks a read-only person's pages).
    overridden.push(...(await overriddenClassLists(page)).map((line) => `${path}: ${line}`));
    // A picture of every page in both themes, for people to look at what the audit cannot judge.
    await auditBothThemes(page, path, pictureName(path));
  }
  expect(overridden, overridden.join("\n")).toEqual([]);

  // The search, open over a page: a dialog with a combobox and its results.
  await open(page, "/transactions");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("combobox", { name: /^Search by name, id/ }).fill(customer.umaAddress);
  await expect(page.getByRole("option", { name: /Audit Página Ñandú/ })).toBeVisible();
  await auditBothThemes(page, "the search dialog");
  await page.keyboard.press("Escape");
  expect(hydrationErrors, hydrationErrors.join("\n")).toEqual([]);

  // The audit log is the compliance officer's.
  await switchUser(page, "compliance");
  await open(page, "/audit");
  expect(await overriddenClassLists(page)).toEqual([]);
  await auditBothThemes(page, "/audit", "audit");
});
