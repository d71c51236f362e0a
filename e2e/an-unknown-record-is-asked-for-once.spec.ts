import { expect, test } from "@playwright/test";
import { signInPage } from "./support/session";

// A payment or customer page opened with an id that names nothing (a mistyped link, a deleted customer) says so,
// once: it does not ask for the record's timeline, and the live stream's catch-up, which refreshes what every page
// shows, does not ask for the missing record again (each such request was a 4xx in the browser's console).

const WAITING_COUNT = "/api/payments/transactions";

const pages = [
  {
    path: "/transactions/Transaction:00000000-0000-4000-8000-000000000000",
    record: "/api/payments/transactions/Transaction%3A00000000-0000-4000-8000-000000000000",
    said: "No transaction has this id",
  },
  {
    path: "/transactions/%E0%A4%A",
    record: "/api/payments/transactions/%25E0%25A4%25A",
    said: "No transaction has this id",
  },
  {
    path: "/customers/Customer:00000000-0000-4000-8000-000000000000",
    record: "/api/payments/customers/Customer%3A00000000-0000-4000-8000-000000000000",
    said: "This customer does not exist",
  },
];

for (const { path, record, said } of pages) {
  test(`${path} says the record does not exist and asks for it once`, async ({ page }) => {
    await signInPage(page, "admin");
    const asked: string[] = [];
    const answered: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) asked.push(url.pathname);
    });
    page.on("requestfinished", (request) => {
      if (asked.includes("/api/events")) answered.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    await expect(page.getByText(said)).toBeVisible();

    // The stream opens once the page is idle and then catches up: the shell's count of payments waiting is asked
    // for again, in the same moment as everything else the catch-up asks for, and answered.
    await expect.poll(() => answered.includes(WAITING_COUNT), { timeout: 20_000 }).toBe(true);

    expect(asked.filter((each) => each === record)).toHaveLength(1);
    expect(asked.filter((each) => each.endsWith("/events") && each !== "/api/events")).toEqual([]);
  });
}
