import { expect, test } from "@playwright/test";
import { consolePages } from "./support/console-pages";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { signInPage } from "./support/session";

/**
 * Issue 49 item 11: the first Intl formatter or collation a page asks for loads the browser's locale data, about
 * 100 ms of a page at 4x CPU throttling (a date of birth, a rate, "3 days ago" each cost that much). Nothing a page
 * draws as it loads asks Intl: the console writes its dates, counts, amounts, rates and distances in time itself
 * (each compared with Intl by its unit test). Recorded from the page's start until the first frame after it has
 * hydrated, on every page an admin opens, with a customer who has a date of birth and a payment with rates.
 */
test("no page asks Intl for a formatter before it is drawn and answers", async ({ page }) => {
  test.setTimeout(180_000);
  const customer = await createIndividualCustomer("Intl Check");
  const payment = await receiveSandboxPayment(customer.id, 1_234);
  await page.addInitScript(() => {
    const asked: string[] = [];
    let recording = true;
    (window as unknown as { askedIntl: string[] }).askedIntl = asked;
    const note = (what: string) => {
      if (recording) asked.push(`${what} ${(new Error().stack ?? "").split("\n").slice(3, 5).join(" ")}`);
    };
    const constructors = [
      "DateTimeFormat",
      "NumberFormat",
      "RelativeTimeFormat",
      "Collator",
      "PluralRules",
    ] as const;
    for (const name of constructors) {
      const original = Intl[name] as unknown as new (...args: unknown[]) => object;
      // A function, not an arrow: pages call Intl's constructors with `new` and without.
      // biome-ignore lint/complexity/useArrowFunction: an arrow function cannot be called with `new`
      const wrapped = function (...args: unknown[]) {
        note(`Intl.${name}(${JSON.stringify(args)})`);
        return new original(...args);
      };
      wrapped.prototype = original.prototype;
      Object.assign(wrapped, { supportedLocalesOf: Intl[name].supportedLocalesOf });
      (Intl as unknown as Record<string, unknown>)[name] = wrapped;
    }
    const localeCompare = String.prototype.localeCompare;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof localeCompare>) {
      note("String.prototype.localeCompare");
      return localeCompare.apply(this, args);
    };
    const numberToLocale = Number.prototype.toLocaleString;
    Number.prototype.toLocaleString = function (this: number, ...args: Parameters<typeof numberToLocale>) {
      note("Number.prototype.toLocaleString");
      return numberToLocale.apply(this, args);
    };
    // The document is still empty when this runs: watched from the document itself, for <html>'s attribute.
    new MutationObserver((_records, observer) => {
      if (!document.documentElement?.hasAttribute("data-hydrated")) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        recording = false;
      });
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
  });
  await signInPage(page, "admin");
  const asked: string[] = [];
  for (const path of consolePages(customer.id, payment.id)) {
    await test.step(`opens ${path}`, async () => {
      await page.goto(path);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      // The frame after hydration has run once this one has.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const calls = await page.evaluate(() => (window as unknown as { askedIntl: string[] }).askedIntl);
      asked.push(...calls.map((call) => `${path}: ${call}`));
    });
  }
  expect(asked, asked.join("\n")).toEqual([]);
});
