import { expect, request as playwrightRequest, test } from "@playwright/test";
import { signInRequest } from "./support/session";

test("after five wrong passwords an account is locked, even with the right password", async ({
  page,
  baseURL,
}) => {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  const email = `locked-${Date.now()}@demo.local`;
  const created = await admin.post("/api/team", { data: { email, name: "Lockable Person", role: "viewer" } });
  const { initialPassword } = (await created.json()) as { initialPassword: string };

  await page.goto("/login");
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(`wrong-${attempt}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    // Each attempt has ended when the form has been reset (the password cleared, the email kept).
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(
      page.getByText("The email or password is not right, or the account is disabled."),
    ).toBeVisible();
  }
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(initialPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Too many failed attempts. Wait 15 minutes, then try again.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
