import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { overriddenClassLists } from "./support/class-lists";
import { consolePages } from "./support/console-pages";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage, switchUser } from "./support/session";

// axe-core's WCAG 2.2 A and AA rules and its best practices: labels, names that contain the visible text, contrast,
// unique landmarks, headings, ARIA use. It cannot judge everything (whether a label makes sense, whether the order
// of focus does); the other specs drive every page by role, label and keyboard for that.
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
// What a theme changes is colour: the dark pass runs the rules that judge colour, the light pass runs them all.
// (Running every rule twice was half of this spec's time and judged the same markup twice.)
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
type Scheme = "light" | "dark";

async function expectNoViolations(page: Page, where: string, scheme: Scheme = "light") {
  const audit = new AxeBuilder({ page });
  const { violations } = await (scheme === "light"
    ? audit.withTags(TAGS)
    : audit.withRules(COLOUR_RULES)
  ).analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${where}: ${violation.id} (${violation.impact}) ${violation.help} at ${node.target.join(" ")}: ` +
        [...node.any, ...node.all, ...node.none].map((check) => check.message).join("; "),
    ),
  );
  expect(found, found.join("\n")).toEqual([]);
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

for (const scheme of ["light", "dark"] satisfies Scheme[]) {
  test(`every page of the console passes an automated accessibility audit in the ${scheme} theme`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: scheme });
    const customer = await createIndividualCustomer("Audit Página Ñandú");
    const payment = await receiveSandboxPayment(customer.id, 1_234);

    await open(page, "/login");
    await expectNoViolations(page, "/login", scheme);

    await signInPage(page, "admin");
    const pages = consolePages(customer.id, payment.id);
    const overridden: string[] = [];
    for (const path of pages) {
      await open(page, path);
      await expectNoViolations(page, path, scheme);
      // While the page is open: no class list holds a utility another in it overrides (lib/universal/utils.ts's
      // `cn` relies on it; e2e/class-lists-hold-no-overrides.spec.ts checks a read-only person's pages).
      if (scheme === "light") {
        overridden.push(...(await overriddenClassLists(page)).map((line) => `${path}: ${line}`));
      }
      // A picture of every page in both themes, for people to look at what the audit cannot judge.
      await shot(page, `${scheme}-${pictureName(path)}`);
    }

    expect(overridden, overridden.join("\n")).toEqual([]);

    // The search, open over a page: a dialog with a combobox and its results.
    await open(page, "/transactions");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("combobox", { name: /^Search by id/ }).fill(customer.umaAddress);
    await expect(page.getByRole("option", { name: /Audit Página Ñandú/ })).toBeVisible();
    await expectNoViolations(page, "the search dialog", scheme);
    await page.keyboard.press("Escape");

    // The audit log is the compliance officer's.
    await switchUser(page, "compliance");
    await open(page, "/audit");
    await expectNoViolations(page, "/audit", scheme);
    if (scheme === "light") expect(await overriddenClassLists(page)).toEqual([]);
    await shot(page, `${scheme}-audit`);
  });
}
