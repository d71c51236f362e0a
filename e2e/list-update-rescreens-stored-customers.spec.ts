import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_DATA_DIR } from "./support/environment";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

// The suite's console reads its lists from a copy of the shipped ones in its data directory (playwright.config.ts).
const LISTS_DIR = path.join(E2E_DATA_DIR, "screening-lists");

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

test("a list update screens the stored customers again and raises an alert for a customer now listed", async ({
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

  // The EU publishes a list naming them; the admin has the lists read again.
  writeFileSync(path.join(LISTS_DIR, "eu_fsf.xml"), euList(name.toUpperCase()));
  await page.getByRole("button", { name: "Read the lists again" }).click();
  await expect(page.getByText("The lists were read again")).toBeVisible();
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
