import { expect, test } from "@playwright/test";
import { pickCustomer } from "./support/customer-picker";
import { serviceApi } from "./support/environment";
import { createIndividualCustomer } from "./support/fixtures";
import { openFromMainNavigation, waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test("an invitation created on the local service is looked up by its code, claimed for a UMA address, and shows as claimed", async ({
  page,
}) => {
  const inviter = await createIndividualCustomer("Inés Invitadora");
  await signInPage(page, "admin");
  await openFromMainNavigation(page, "Invitations");
  await expect(page.getByRole("heading", { name: "Invitations", level: 1 })).toBeVisible();

  const create = page.getByRole("form", { name: "Create an invitation" });
  await pickCustomer(create, "Inviter", inviter.platformCustomerId, "Inés Invitadora");
  await expect(create.getByText(`Invites as ${inviter.umaAddress}.`)).toBeVisible();
  await create.getByLabel("Inviter's first name").fill("Inés");
  await create.getByLabel("Amount to send").selectOption({ label: "USD" });
  await create.getByRole("textbox", { name: /^Amount/ }).fill("20");
  await create.getByRole("button", { name: "Create invitation" }).click();
  await expect(page).toHaveURL(/[?&]code=/);
  const code = new URL(page.url()).searchParams.get("code") ?? "";
  expect(code).not.toBe("");

  // Someone with only the code looks it up.
  await page.goto("/invitations");
  await page.getByLabel("Invitation code").fill(code);
  await page.getByRole("button", { name: "Look up" }).click();
  const details = page.getByRole("article", { name: code });
  await expect(details.getByText("Pending", { exact: true })).toBeVisible();
  await expect(details).toContainText(inviter.umaAddress);
  await expect(details).toContainText("$20.00");
  await shot(page, "invitation-pending");

  await details.getByLabel("Invitee's UMA address").fill("$amigo@friends.example");
  await details.getByRole("button", { name: "Claim invitation" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Claim invitation ${code}?` });
  await expect(confirm).toContainText("$amigo@friends.example");
  await confirm.getByRole("button", { name: "Claim invitation" }).click();
  await expect(confirm).toBeHidden();

  await expect(details.getByText("Claimed", { exact: true })).toBeVisible();
  await expect(details).toContainText("Claimed by $amigo@friends.example");
  await expect(details.getByRole("button", { name: "Claim invitation" })).toHaveCount(0);
  const stored = (await (await serviceApi(`/invitations/${code}`)).json()) as {
    status: string;
    inviteeUma: string;
  };
  expect(stored).toMatchObject({ status: "CLAIMED", inviteeUma: "$amigo@friends.example" });
  await shot(page, "invitation-claimed");

  // An unknown code says so.
  await page.getByLabel("Invitation code").fill("NOSUCHCODE");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByRole("heading", { name: "No invitation has the code NOSUCHCODE" })).toBeVisible();
});

test("a pending invitation is cancelled after a confirmation, and can no longer be claimed", async ({
  page,
}) => {
  const inviter = await createIndividualCustomer("Carla Cancela");
  const created = await serviceApi("/invitations", {
    method: "POST",
    json: { inviterUma: inviter.umaAddress, amountToSend: 1_500 },
  });
  expect(created.status).toBe(200);
  const { code } = (await created.json()) as { code: string };

  await signInPage(page, "admin");
  await page.goto(`/invitations?code=${code}`);
  const details = page.getByRole("article", { name: code });
  await expect(details.getByText("Pending", { exact: true })).toBeVisible();
  // The reference's integer amount is in the inviter's currency.
  await expect(details).toContainText("$15.00");

  await details.getByRole("button", { name: "Cancel invitation" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Cancel invitation ${code}?` });
  await expect(confirm).toContainText("can no longer be claimed");
  await shot(page, "invitation-cancel-confirm", { fullPage: false });
  await confirm.getByRole("button", { name: "Cancel invitation" }).click();
  await expect(confirm).toBeHidden();

  await expect(details.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(details).toContainText("Cancelled; it can no longer be claimed.");
  await expect(details.getByRole("button", { name: "Cancel invitation" })).toHaveCount(0);
  await expect(details.getByRole("form", { name: "Claim this invitation" })).toHaveCount(0);
  const stored = (await (await serviceApi(`/invitations/${code}`)).json()) as { status: string };
  expect(stored.status).toBe("CANCELLED");
  const claim = await serviceApi(`/invitations/${code}/claim`, {
    method: "POST",
    json: { inviteeUma: "$late@friends.example" },
  });
  expect(claim.status).toBe(400);
  expect(((await claim.json()) as { code: string }).code).toBe("INVITATION_CANCELLED");
});

test("a code typed before the page's script has run is still the one looked up", async ({ page }) => {
  const inviter = await createIndividualCustomer("Tomás Temprano");
  const created = await serviceApi("/invitations", {
    method: "POST",
    json: { inviterUma: inviter.umaAddress, amountToSend: 700 },
  });
  const { code } = (await created.json()) as { code: string };
  await signInPage(page, "admin");

  // Hold the page's scripts back until the code is typed, as on a slow connection.
  let release = () => {};
  const typed = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto("/invitations", { waitUntil: "commit" });
  await page.getByLabel("Invitation code").fill(code);
  release();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Look up" }).click();
  const details = page.getByRole("article", { name: code });
  await expect(details.getByText("Pending", { exact: true })).toBeVisible();
  await expect(details).toContainText("$7.00");
});
