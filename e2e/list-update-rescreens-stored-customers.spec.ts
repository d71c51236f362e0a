import { expect, type Page, test } from "@playwright/test";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

/** An EU Financial Sanctions File listing one person, in the format the EU publishes (a new list for this console). */
const euList = (name: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-11-20T10:00:00.000+01:00" globalFileId="1">
  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.7001.01" logicalId="700001">
    <subjectType code="person" classificationCode="P"/>
    <nameAlias firstName="" middleName="" lastName="" wholeName="${name}" function="" gender="M" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="1"/>
    <citizenship region="" countryIso2Code="NO" countryDescription="NORWAY" regulationLanguage="en" logicalId="2"/>
    <birthdate circa="false" calendarType="GREGORIAN" city="" zipCode="" birthdate="1971-05-06" dayOfMonth="6" monthOfYear="5" year="1971" region="" place="" countryIso2Code="NO" countryDescription="NORWAY" regulationLanguage="en" logicalId="3"/>
    <remark>Written for this end-to-end test. Not real data.</remark>
  </sanctionEntity>
</export>
`;

/** Uploads a file as the EU's list through the Lists card's dialog. */
async function uploadEuList(page: Page, xml: string) {
  await page.getByRole("button", { name: "Upload a list…" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload a list" });
  await dialog.getByLabel("List").selectOption({ label: "EU consolidated financial sanctions" });
  await dialog
    .getByLabel("File")
    .setInputFiles({ name: "eu_fsf.xml", mimeType: "application/xml", buffer: Buffer.from(xml) });
  await dialog.getByRole("button", { name: "Upload and read it" }).click();
  return dialog;
}

test("an admin uploads a list; the update screens the stored customers again and raises an alert for one now listed", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = "Quillon Vasterhaven";
  await signInPage(page, "admin");
  // A customer created through the console is screened when the API accepts it: clear against today's lists.
  const created = await page.request.post("/api/payments/customers", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      platformCustomerId: `e2e-listed-later-${Date.now()}`,
      customerType: "INDIVIDUAL",
      fullName: name,
      birthDate: "1971-05-06",
      nationality: "NO",
      address: { line1: "Karl Johans gate 1", city: "Oslo", postalCode: "0154", country: "NO" },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto("/screening");
  const alerts = page.getByRole("table", { name: "Open screening alerts" });
  await expect(alerts).toBeVisible();
  await expect(alerts.getByRole("row").filter({ hasText: name })).toHaveCount(0);

  // A list in use is not replaced from the console: that could clear a listed person on one admin's word.
  await page.getByRole("button", { name: "Upload a list…" }).click();
  const inUse = page.getByRole("dialog", { name: "Upload a list" });
  await inUse.getByLabel("List").selectOption({ label: "UN Security Council consolidated list" });
  await inUse
    .getByLabel("File")
    .setInputFiles({ name: "UN_consolidated.xml", mimeType: "application/xml", buffer: Buffer.from("<x/>") });
  await inUse.getByRole("button", { name: "Upload and read it" }).click();
  await expect(inUse.getByText(/is in use: replacing it .* needs a second admin/)).toBeVisible();
  await inUse.getByRole("button", { name: "Cancel" }).click();

  // A file cut short is refused with what was wrong, and nothing is replaced.
  const broken = await uploadEuList(page, euList(name.toUpperCase()).slice(0, 400));
  await expect(broken.getByText(/does not read as the EU consolidated financial sanctions/)).toBeVisible();
  await expect(broken.getByText("Nothing was replaced.", { exact: false })).toBeVisible();
  await shot(page, "screening-upload-refused", { fullPage: false });
  await broken.getByRole("button", { name: "Cancel" }).click();
  await expect(
    page
      .getByRole("table", { name: "Watchlist versions" })
      .getByRole("row")
      .filter({ hasText: "EU consolidated" }),
  ).toHaveCount(0);

  // The EU publishes a list naming them; the admin uploads it.
  const dialog = await uploadEuList(page, euList(name.toUpperCase()));
  await expect(dialog).toBeHidden();
  await expect(page.getByText("The EU consolidated financial sanctions was uploaded and read")).toBeVisible();
  const lists = page.getByRole("region", { name: "Lists" });
  await expect(lists.getByRole("status").filter({ hasText: "After the last list change" })).toContainText(
    /1 changed entry of EU consolidated financial sanctions\), \d+ stored payments and customers screened again .*: 1 new potential match, in Open alerts above\./,
  );
  await expect(
    page
      .getByRole("table", { name: "Watchlist versions" })
      .getByRole("row")
      .filter({ hasText: "EU consolidated financial sanctions" }),
  ).toContainText("In use");
  // The new potential match is in the alerts queue, explained on the customer's own page.
  const alert = alerts.getByRole("row").filter({ hasText: name });
  await expect(alert).toHaveCount(1);
  await shot(page, "screening-list-update");
  await alert.getByRole("link").first().click();
  await expect(page.getByRole("region", { name: "Screening" })).toContainText(/potential match/i);
  await expect(page.getByRole("region", { name: "Screening" })).toContainText(
    "EU consolidated financial sanctions",
  );
});
