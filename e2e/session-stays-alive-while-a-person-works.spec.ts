import { expect, type Page, test } from "@playwright/test";
import { signInPage } from "./support/session";

/** When the browser's session cookie expires, in seconds since the epoch (the idle time-out). */
async function sessionExpiry(page: Page): Promise<number> {
  const cookie = (await page.context().cookies()).find((each) => each.name.endsWith("authjs.session-token"));
  if (!cookie) throw new Error("no session cookie");
  return cookie.expires;
}

test("a person working on one page stays signed in, while a page left alone does not renew its session", async ({
  page,
}) => {
  // The browser's clock is driven by the test, so minutes pass without waiting for them.
  await page.clock.install();
  await signInPage(page, "compliance");
  await page.goto("/approvals");
  await expect(page.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();
  // Next.js prefetches the navigation's pages after the load; those page requests renew the session too.
  await page.waitForLoadState("networkidle");
  const loaded = await sessionExpiry(page);
  const renewals: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/auth/session") renewals.push(request.url());
  });
  // Real time passes too, so a renewal would carry a later expiry than the page load's.
  await page.waitForTimeout(1_500);

  // Two minutes alone: the queue and the navigation's count refresh themselves, and that renews nothing.
  const polled = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/approvals");
  await page.clock.fastForward("02:00");
  await polled;
  expect(renewals).toEqual([]);
  expect(await sessionExpiry(page)).toBe(loaded);

  // The person comes back and works (a key that changes nothing on the page, whatever the queue holds): their first
  // key press renews the session, once for the minute.
  await page.keyboard.press("Shift");
  await expect.poll(() => sessionExpiry(page)).toBeGreaterThan(loaded);
  await page.keyboard.press("Shift");
  await page.mouse.wheel(0, 100);
  expect(renewals).toHaveLength(1);

  // A minute later, working still, it is renewed again.
  await page.clock.fastForward("01:01");
  await page.keyboard.press("Shift");
  await expect.poll(() => renewals.length).toBe(2);
});
