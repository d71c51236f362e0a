import { expect, type Page, test } from "@playwright/test";
import { secondDemoUser } from "./support/environment";
import { shot } from "./support/screens";
import { signInPage, signInWith } from "./support/session";

// The second test replaces the list the first puts in use.
test.describe.configure({ mode: "serial" });

/**
 * An EU Financial Sanctions File listing these people, in the format the EU publishes (a new list for this console).
 * Each is a person of Norway born 1971-05-06, numbered from EU.7001.01 in the order given.
 */
const euList = (...names: string[]) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-11-20T10:00:00.000+01:00" globalFileId="1">
${names.map(euEntity).join("")}</export>
`;

const euEntity = (name: string, at: number) =>
  `  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.7001.0${at + 1}" logicalId="70000${at + 1}">
    <subjectType code="person" classificationCode="P"/>
    <nameAlias firstName="" middleName="" lastName="" wholeName="${name}" function="" gender="M" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="1"/>
    <citizenship region="" countryIso2Code="NO" countryDescription="NORWAY" regulationLanguage="en" logicalId="2"/>
    <birthdate circa="false" calendarType="GREGORIAN" city="" zipCode="" birthdate="1971-05-06" dayOfMonth="6" monthOfYear="5" year="1971" region="" place="" countryIso2Code="NO" countryDescription="NORWAY" regulationLanguage="en" logicalId="3"/>
    <remark>Written for this end-to-end test. Not real data.</remark>
  </sanctionEntity>
`;

/** When the latest re-screening of stored subjects ended (null while one runs or before the first). */
async function rescreenFinishedAt(page: Page): Promise<string | null> {
  const health = (await (await page.request.get("/api/screening/lists")).json()) as {
    rescreen: { finishedAt: string | null } | null;
  };
  return health.rescreen?.finishedAt ?? null;
}

/** The moments (this machine's clock) the page asks for the open alerts, from now on. */
function alertsReadsOf(page: Page): number[] {
  const moments: number[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === "/api/screening/alerts")
      moments.push(Date.now());
  });
  return moments;
}

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
  browser,
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

  // A file is read whole before anything happens with it.
  await page.getByRole("button", { name: "Upload a list…" }).click();
  const inUse = page.getByRole("dialog", { name: "Upload a list" });
  await inUse.getByLabel("List").selectOption({ label: "UN Security Council consolidated list" });
  await inUse
    .getByLabel("File")
    .setInputFiles({ name: "UN_consolidated.xml", mimeType: "application/xml", buffer: Buffer.from("<x/>") });
  await inUse.getByRole("button", { name: "Upload and read it" }).click();
  await expect(inUse.getByText(/does not read as the UN Security Council consolidated list/)).toBeVisible();
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

  // A compliance officer has the alerts open in her own browser meanwhile.
  const officer = await (await browser.newContext()).newPage();
  await signInPage(officer, "compliance");
  await officer.goto("/screening");
  const officersAlerts = officer.getByRole("table", { name: "Open screening alerts" });
  await expect(officersAlerts).toBeVisible();

  // The EU publishes a list naming them; the admin uploads it. However short the re-screening it starts, the page
  // reads the alerts again once it has ended, whether or not it saw it running: its end is announced.
  const before = await rescreenFinishedAt(page);
  const alertsReads = alertsReadsOf(page);
  const dialog = await uploadEuList(page, euList(name.toUpperCase()));
  await expect(dialog).toBeHidden();
  await expect(page.getByText("The EU consolidated financial sanctions was uploaded and read")).toBeVisible();
  await expect
    .poll(
      async () => {
        const at = await rescreenFinishedAt(page);
        return at !== null && at !== before && alertsReads.some((moment) => moment > Date.parse(at));
      },
      { timeout: 30_000 },
    )
    .toBe(true);
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
  // So does the officer's page, open since before the upload, without a reload.
  await expect(officersAlerts.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  await officer.context().close();
  await shot(page, "screening-list-update");
  await alert.getByRole("link").first().click();
  await expect(page.getByRole("region", { name: "Screening" })).toContainText(/potential match/i);
  await expect(page.getByRole("region", { name: "Screening" })).toContainText(
    "EU consolidated financial sanctions",
  );
});

test("a new file of a list in use waits for a second admin, who puts it in use; its uploader cannot", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInPage(page, "admin");
  await page.goto("/screening");
  const versions = page.getByRole("table", { name: "Watchlist versions" });
  const euInUse = versions
    .getByRole("row")
    .filter({ hasText: "EU consolidated financial sanctions" })
    .filter({
      hasText: "In use",
    });
  await expect(euInUse).toHaveCount(1);

  // The EU adds a second person; the admin uploads the new file. It is read, and kept aside.
  const dialog = await uploadEuList(page, euList("QUILLON VASTERHAVEN", "ODALRIK BRENNSTAD"));
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText("The new EU consolidated financial sanctions was read and waits for a second admin"),
  ).toBeVisible();
  const card = page.getByRole("region", { name: "Replace the EU consolidated financial sanctions" });
  await expect(card).toContainText("1 entry added · 0 removed · 0 changed");
  await expect(card).toContainText("Proposed by you");
  // Its uploader cannot put it in use, on the page or around it.
  await expect(card.getByRole("button", { name: /^Approve/ })).toHaveAttribute("aria-disabled", "true");
  const health = (await (await page.request.get("/api/screening/lists")).json()) as {
    replacements: { id: string; list: { contentHash: string } }[];
  };
  const proposal = health.replacements[0];
  expect(proposal).toBeDefined();
  const own = await page.request.post(`/api/config/proposals/${proposal?.id}/approve`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(own.status()).toBe(409);
  expect(((await own.json()) as { code: string }).code).toBe("SECOND_ADMIN_REQUIRED");
  await expect(euInUse).toContainText("1");
  await shot(page, "screening-list-replacement-proposed");

  // The second admin approves it: the new file is the version in use.
  const second = await (await browser.newContext()).newPage();
  const sam = secondDemoUser("admin");
  await signInWith(second, sam.email, sam.password);
  await second.goto("/screening");
  const theirs = second.getByRole("region", { name: "Replace the EU consolidated financial sanctions" });
  await theirs.getByRole("button", { name: /^Approve/ }).click();
  const confirm = second.getByRole("alertdialog", {
    name: "Put the new EU consolidated financial sanctions in use?",
  });
  await expect(confirm).toContainText("1 entry added, 0 removed, 0 changed");
  await confirm.getByRole("button", { name: "Approve and use it" }).click();
  await expect(second.getByText("The new EU consolidated financial sanctions is in use")).toBeVisible();
  await expect(theirs).toHaveCount(0);
  const after = (await (await second.request.get("/api/screening/lists")).json()) as {
    data: { listId: string; status: string; contentHash: string }[];
    replacements: unknown[];
  };
  expect(after.replacements).toEqual([]);
  expect(after.data.find((v) => v.listId === "eu-fsf" && v.status === "in-use")?.contentHash).toBe(
    proposal?.list.contentHash,
  );
  await second.context().close();
});
