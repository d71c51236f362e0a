import { expect, test } from "@playwright/test";
import { pickCustomer } from "./support/customer-picker";
import { serviceApi } from "./support/environment";
import { createIndividualCustomer } from "./support/fixtures";
import { openFromMainNavigation } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test("a developer creates an invitation, opens its link on the local service, claims it there, and the console lists it claimed", async ({
  page,
  context,
}) => {
  const inviter = await createIndividualCustomer("Lucía Enlace");
  await signInPage(page, "developer");
  await openFromMainNavigation(page, "Invitations");

  const create = page.getByRole("form", { name: "Create an invitation" });
  await pickCustomer(create, "Inviter", inviter.platformCustomerId, "Lucía Enlace");
  await create.getByLabel("Inviter's first name").fill("Lucía");
  await create.getByLabel("Amount to send").selectOption({ label: "USD" });
  await create.getByRole("textbox", { name: /^Amount/ }).fill("12.50");
  await create.getByRole("button", { name: "Create invitation" }).click();
  await expect(page).toHaveURL(/[?&]code=/);
  const code = new URL(page.url()).searchParams.get("code") ?? "";
  const details = page.getByRole("article", { name: code });
  await expect(details.getByText("Pending", { exact: true })).toBeVisible();
  const link = details.getByRole("link", { name: "Open the local invitee page (opens in a new tab)" });
  await expect(link).toHaveAttribute("href", new RegExp(`/i/${code}$`));
  await shot(page, "invitation-details-with-invitee-page");

  // The link opens the invitee's page on the local payment service, in a new tab.
  const [invitee] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await invitee.waitForLoadState();
  await expect(invitee.getByRole("heading", { name: "Lucía invites you to UMA", level: 1 })).toBeVisible();
  await expect(invitee.getByText(inviter.umaAddress)).toBeVisible();
  await expect(invitee.getByText("$12.50 USD")).toBeVisible();
  await expect(invitee.getByText("Open", { exact: true })).toBeVisible();

  // A malformed address is refused as the API refuses it, and nothing is claimed.
  const claimForm = invitee.getByRole("form", { name: "Claim this invitation" });
  await claimForm.getByLabel("Your UMA address").fill("amigo");
  await claimForm.getByRole("button", { name: "Claim invitation" }).click();
  await expect(invitee.getByRole("alert")).toContainText("The invitation was not claimed");
  await expect(claimForm.getByLabel("Your UMA address")).toHaveAttribute("aria-invalid", "true");
  await shot(invitee, "invitee-page-refused-address");

  await claimForm.getByLabel("Your UMA address").fill("$amiga@friends.example");
  await claimForm.getByRole("button", { name: "Claim invitation" }).click();
  await expect(invitee.getByRole("heading", { name: "Claimed", level: 2 })).toBeVisible();
  await expect(
    invitee.getByText(/This invitation has been claimed by \$amiga@friends\.example on /),
  ).toBeVisible();
  await expect(invitee.getByRole("button", { name: "Claim invitation" })).toHaveCount(0);
  await shot(invitee, "invitee-page-claimed");
  const stored = (await (await serviceApi(`/invitations/${code}`)).json()) as {
    status: string;
    inviteeUma: string;
  };
  expect(stored).toMatchObject({ status: "CLAIMED", inviteeUma: "$amiga@friends.example" });

  // Back in the console, the list has it claimed.
  await page.bringToFront();
  await page.goto("/invitations");
  const list = page.getByRole("table", { name: "Recent invitations" });
  const row = list.getByRole("row").filter({ has: page.getByRole("link", { name: code, exact: true }) });
  await expect(row.getByRole("cell", { name: "Claimed", exact: true })).toBeVisible();
  await expect(
    row.getByRole("link", { name: `Open the local invitee page of ${code} (opens in a new tab)` }),
  ).toHaveAttribute("href", new RegExp(`/i/${code}$`));
  await shot(page, "invitations-list-claimed");
});
