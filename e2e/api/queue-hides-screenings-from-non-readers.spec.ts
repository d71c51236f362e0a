import { type Browser, expect, type Page, test } from "@playwright/test";
import { SECOND_LISTED_SANDBOX_SENDER } from "../../shared/contract/sandbox-senders";
import { searchQueue } from "../support/approval-queue";
import { createIndividualCustomer, receiveSandboxPayment } from "../support/fixtures";
import { signInPage } from "../support/session";

type Role = "compliance" | "viewer" | "developer";

async function signedIn(browser: Browser, role: Role): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInPage(page, role);
  return page;
}

interface Hit {
  primaryName: string;
  nameScore: number;
  score: number;
  fields: unknown[];
  tokenPairs: unknown[];
  alert: boolean;
  listId: string;
}
interface Entry {
  screening?: { status: string; bestScore: number; hits: Hit[] };
}

// The listed sender's names as the UN list publishes them: a hit beside the masked sender that says one of these
// matched with a similarity of 1 spells the sender's name.
const LISTED_NAME = /SAEED/i;

test("the approval queue gives a role that does not read screenings each sender's screening outcome, never the listed names or scores", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const customer = await createIndividualCustomer("Queue Screening Outcome");
  const payment = await receiveSandboxPayment(customer.id, 3_203, "EUR", SECOND_LISTED_SANDBOX_SENDER);
  const entryPath = `/api/approvals/${encodeURIComponent(payment.id)}`;

  // Compliance reads the screening whole: the listed entry, its names and how alike they are.
  const compliance = await signedIn(browser, "compliance");
  let read: Entry = {};
  await expect
    .poll(async () => {
      read = (await (await compliance.request.get(entryPath)).json()) as Entry;
      return read.screening?.hits.length ?? 0;
    })
    .toBeGreaterThan(0);
  expect(JSON.stringify(read)).toMatch(LISTED_NAME);
  expect(read.screening?.hits.some((hit) => hit.nameScore > 0)).toBe(true);

  for (const role of ["viewer", "developer"] as const) {
    const page = await signedIn(browser, role);
    const entry = await page.request.get(entryPath);
    expect(entry.status()).toBe(200);
    const body = (await entry.json()) as Entry;
    // The outcome, as the card's line says it: a potential match on the UN list, held.
    expect(body.screening?.status).toBe("open");
    expect(body.screening?.hits.some((hit) => hit.alert && hit.listId === "un")).toBe(true);
    expect(body.screening?.bestScore).toBe(0);
    for (const hit of body.screening?.hits ?? []) {
      expect(hit).toMatchObject({ primaryName: "", nameScore: 0, score: 0, fields: [], tokenPairs: [] });
    }
    expect(JSON.stringify(body)).not.toMatch(LISTED_NAME);
    // The same through the queue's page and the overview's summary.
    const queue = await page.request.get(`/api/approvals?q=${encodeURIComponent(payment.id)}`);
    expect(queue.status()).toBe(200);
    expect(await queue.text()).not.toMatch(LISTED_NAME);
    const summary = await page.request.get("/api/approvals/summary");
    expect(summary.status()).toBe(200);
    expect(await summary.text()).not.toMatch(LISTED_NAME);
    // The queue's card says the outcome in its line; the payment's page, drawn on the server with its entry, holds
    // no listed name either.
    await page.goto("/approvals");
    await searchQueue(page, payment.id);
    await expect(
      page.getByText(/potential match(es)? against UN Security Council consolidated list/i),
    ).toBeVisible();
    // Not led to a screening the role cannot open.
    await expect(page.getByRole("link", { name: "Review the screening" })).toHaveCount(0);
    await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
    expect(await page.content()).not.toMatch(LISTED_NAME);
    await page.context().close();
  }
  await compliance.context().close();
});
