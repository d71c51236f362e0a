import { expect, type Page, test } from "@playwright/test";
import { pickCustomer } from "./support/customer-picker";
import { serviceApi } from "./support/environment";
import { createIndividualCustomer, type TestCustomer } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

async function createFromForm(page: Page, inviter: TestCustomer, firstName: string): Promise<string> {
  const create = page.getByRole("form", { name: "Create an invitation" });
  // The inviter is picked in the customer search (by their unique platform id); the form sends their UMA address.
  await pickCustomer(create, "Inviter", inviter.platformCustomerId, "Lista Invitaciones");
  await create.getByLabel("Inviter's first name").fill(firstName);
  await create.getByRole("button", { name: "Create invitation" }).click();
  await expect(page).toHaveURL(/[?&]code=/);
  const code = new URL(page.url()).searchParams.get("code") ?? "";
  expect(code).not.toBe("");
  return code;
}

test("invitations are listed with their status now, claimed ones arrive by webhook, and a pending one is cancelled from its row", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const inviter = await createIndividualCustomer("Lista Invitaciones");
  await signInPage(page, "admin");
  await page.goto("/invitations");
  await waitForHydration(page);

  const first = await createFromForm(page, inviter, "Primera");
  await page.goto("/invitations");
  await waitForHydration(page);
  const second = await createFromForm(page, inviter, "Segunda");

  const list = page.getByRole("region", { name: "Recent invitations" });
  const row = (code: string) => list.getByRole("row").filter({ hasText: code });
  await expect(row(first)).toContainText("Pending");
  await expect(row(second)).toContainText("Pending");
  await expect(row(second)).toContainText("by Ada Admin");
  // The inviter is named first, their UMA address under the name.
  await expect(row(second).getByRole("cell").filter({ hasText: inviter.umaAddress })).toHaveText(
    `Segunda${inviter.umaAddress}`,
  );

  // One created and claimed elsewhere: the console learns of it from the INVITATION_CLAIMED webhook, live.
  const created = await serviceApi("/invitations", {
    method: "POST",
    json: { inviterUma: inviter.umaAddress, amountToSend: 2_500 },
  });
  const { code: claimed } = (await created.json()) as { code: string };
  const claim = await serviceApi(`/invitations/${claimed}/claim`, {
    method: "POST",
    json: { inviteeUma: "$amiga@friends.example" },
  });
  expect(claim.status).toBe(200);
  await expect(row(claimed)).toContainText("Claimed", { timeout: 20_000 });
  await expect(row(claimed)).toContainText("claimed (webhook)");
  await expect(row(claimed)).toContainText("$25.00");

  // Cancel the first from its row.
  await row(first).getByRole("button", { name: "Cancel invitation" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Cancel invitation ${first}?` });
  await confirm.getByRole("button", { name: "Cancel invitation" }).click();
  await expect(confirm).toBeHidden();
  await expect(row(first)).toContainText("Cancelled");
  await expect(row(first).getByRole("button", { name: "Cancel invitation" })).toHaveCount(0);
  const stored = (await (await serviceApi(`/invitations/${first}`)).json()) as { status: string };
  expect(stored.status).toBe("CANCELLED");

  // Only the pending ones.
  await list.getByRole("radio", { name: "Pending" }).check();
  await expect(row(second)).toBeVisible();
  await expect(row(first)).toHaveCount(0);
  await expect(row(claimed)).toHaveCount(0);
  await shot(page, "invitations-list-1440", { fullPage: true });

  // A code opens its details above.
  await row(second).getByRole("link", { name: second, exact: true }).click();
  await expect(page.getByRole("article", { name: second })).toBeVisible();

  await list.getByRole("radio", { name: "All" }).check();
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, "invitations-list-1280", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "invitations-list-390", { fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a viewer reads the invitation form greyed out: nothing to type that could not be sent", async ({
  page,
}) => {
  await signInPage(page, "viewer");
  await page.goto("/invitations");
  await waitForHydration(page);
  const create = page.getByRole("form", { name: "Create an invitation" });
  await expect(create.getByRole("combobox", { name: /Inviter/ })).toBeDisabled();
  await expect(create.getByLabel("Inviter's first name")).toBeDisabled();
  await expect(create.getByLabel("Expires")).toBeDisabled();
  await expect(create).toContainText("Only admins move money");
  await shot(page, "invitations-viewer-form", { fullPage: false });
  // A read-only field looks read-only: the configuration as a viewer reads it.
  await page.goto("/config");
  await waitForHydration(page);
  await expect(page.getByRole("textbox", { name: "UMA domain" })).toHaveAttribute("readonly", "");
  await shot(page, "config-viewer-read-only", { fullPage: false });
});
