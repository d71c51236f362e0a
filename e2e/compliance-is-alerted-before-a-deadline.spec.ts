import { expect, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

declare global {
  interface Window {
    shownNotifications: { title: string; body?: string; tag?: string }[];
  }
}

test("a compliance officer watching the queue is alerted, in the page and by the browser, before a payment's window closes", async ({
  page,
}) => {
  // The browser's notifications, recorded: a headless browser shows none a test could see.
  await page.addInitScript(() => {
    window.shownNotifications = [];
    class RecordedNotification {
      static permission: NotificationPermission = "default";
      static async requestPermission(): Promise<NotificationPermission> {
        RecordedNotification.permission = "granted";
        return "granted";
      }
      constructor(title: string, options: NotificationOptions = {}) {
        window.shownNotifications.push({ title, body: options.body, tag: options.tag });
      }
    }
    Object.defineProperty(window, "Notification", { value: RecordedNotification, configurable: true });
  });

  const customer = await createIndividualCustomer("Alerta Plazo");
  const timed = await receiveSandboxPayment(customer.id, 43_217);
  // No deadline stated by the API: never alerted.
  const open = await serviceApi("/sandbox/uma/receive", {
    method: "POST",
    json: {
      senderUmaAddress: "$pending.long.usd@sandbox.uma.money",
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 43_218,
      customerId: customer.id,
    },
  });
  expect(open.status).toBe(200);

  await signInPage(page, "compliance");
  await page.goto(`/approvals?q=${encodeURIComponent(customer.id)}`);
  await waitForHydration(page);
  const lead = page.getByLabel("Deadline alerts");
  // The window is ten minutes: two minutes before (the default) is not yet.
  await expect(lead).toHaveValue("120000");
  // (Other payments waiting in the suite may be within two minutes of theirs; this one is not.)
  const alerts = page.getByRole("list", { name: "Payments closing soon" }).getByRole("listitem");
  await expect(page.getByRole("article").filter({ hasText: timed.id })).toBeVisible();
  await expect(alerts.filter({ hasText: "$432.17" })).toHaveCount(0);

  await page.getByRole("button", { name: "Also notify me in this browser" }).click();
  await expect(page.getByText("Browser notifications are on.")).toBeVisible();
  await lead.selectOption({ label: "10 minutes before" });

  const alert = alerts.filter({ hasText: "$432.17" });
  await expect(alert).toContainText("Deadline soon:");
  await expect(alerts.filter({ hasText: "$432.18" })).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => window.shownNotifications.map((shown) => shown.body ?? "")))
    .toContainEqual(expect.stringContaining("$432.17"));
  await shot(page, "approvals-deadline-alert", { fullPage: false });

  // Review brings the payment's card into focus.
  await alert.getByRole("button", { name: "Review" }).click();
  await expect(page.getByRole("article").filter({ hasText: timed.id })).toBeFocused();

  // Chosen once, kept in this browser: after a reload the choice stands and the alert shows again.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("Deadline alerts")).toHaveValue("600000");
  await expect(alerts.filter({ hasText: "$432.17" })).toBeVisible();
});
