import { randomInt } from "node:crypto";
import {
  type APIRequestContext,
  type APIResponse,
  expect,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import { serviceApi } from "./support/environment";
import { createIndividualCustomer, fundedUsdAccount } from "./support/fixtures";
import { shot } from "./support/screens";
import { lookUpCustomerBankAccount } from "./support/send-money";
import { signInPage, signInRequest, switchUser } from "./support/session";

// A person on the UN list (QDi.017), as the list gives them: name, date of birth, nationality.
const LISTED = { fullName: "Tharwat Salah Shihata", birthDate: "1960-06-29", nationality: "EG" };

/** A customer's US bank account whose beneficiary is `beneficiary` (api-notes §8), paid at once by the sandbox. */
async function bankAccountOf(customerId: string, beneficiary: typeof LISTED): Promise<string> {
  const response = await serviceApi("/customers/external-accounts", {
    method: "POST",
    json: {
      customerId,
      currency: "USD",
      accountInfo: {
        accountType: "US_ACCOUNT",
        accountNumber: `5${String(Date.now()).slice(-8)}1`,
        routingNumber: "021000021",
        accountCategory: "CHECKING",
        bankName: "Evergreen Bank",
        beneficiary,
      },
    },
  });
  if (response.status !== 201) throw new Error(`bank account not created: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** A quote paying $10 from `source` into the external account, made at the API (not yet executed). */
async function quoteInto(source: string, accountId: string): Promise<string> {
  const response = await serviceApi("/quotes", {
    method: "POST",
    json: {
      source: { accountId: source },
      destination: { accountId, currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000,
    },
  });
  if (response.status !== 201) throw new Error(`quote not created: ${await response.text()}`);
  return ((await response.json()) as { quoteId: string }).quoteId;
}

test("a bank account held by a listed person is screened as it is looked up, and no money goes to it until compliance dismisses the match", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const payer = await createIndividualCustomer("Inés Carvajal");
  const payee = await createIndividualCustomer("Marta Quiroga");
  const source = await fundedUsdAccount(payer.id, 50_000);
  const listedAccount = await bankAccountOf(payee.id, LISTED);

  // The developer looks the account up: its holder is screened then and there.
  await signInPage(page, "developer");
  await page.goto("/quotes/new");
  const found = await lookUpCustomerBankAccount(page, { payer, source, payee, bank: listedAccount });
  await expect(found).toContainText(
    "Tharwat Salah Shihata: 2 potential matches against UN Security Council consolidated list 2026-02-27, OFAC SDN.",
  );
  await expect(found).toContainText("Compliance must review the match before money is sent to this account.");
  // A developer does not review screenings: no link to one.
  await expect(found.getByRole("link", { name: "Review the screening" })).toHaveCount(0);
  await shot(page, "send-money-listed-recipient");

  // Quoting is allowed; executing is refused by the server, and the page says why.
  await page
    .getByRole("region", { name: "Amount" })
    .getByRole("textbox", { name: /Amount in USD/ })
    .fill("10");
  await page.getByRole("button", { name: "Get quote" }).click();
  const quote = page.getByRole("region", { name: /^Quote/ });
  await quote.getByRole("button", { name: "Execute payment" }).click();
  await expect(
    page.getByText(/is a potential match on a watchlist: compliance must dismiss each match/),
  ).toBeVisible();
  const refusedQuoteId = new URL(page.url()).searchParams.get("quote") ?? "";
  expect(
    ((await (await serviceApi(`/quotes/${encodeURIComponent(refusedQuoteId)}`)).json()) as { status: string })
      .status,
  ).toBe("PENDING");

  // Around the page, at the console's API: the same refusal, in the API's error shape; nothing is sent.
  const developer = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequest(developer, "developer");
  const direct = await quoteInto(source, listedAccount);
  const refused = await developer.post(`/api/payments/quotes/${encodeURIComponent(direct)}/execute`);
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({
    code: "SCREENING_MATCH_OPEN",
    details: { accountId: listedAccount },
  });
  // A transfer out to the account is the same payment by another route: refused too.
  const transfer = await developer.post("/api/payments/transfer-out", {
    data: { source: { accountId: source }, destination: { accountId: listedAccount }, amount: 500 },
  });
  expect(transfer.status()).toBe(409);
  expect(((await transfer.json()) as { code: string }).code).toBe("SCREENING_MATCH_OPEN");

  // A quote created to execute at once pays as it is created: refused as well, and no quote is made.
  const atOnce = await developer.post("/api/payments/quotes", {
    data: {
      source: { accountId: source },
      destination: { accountId: listedAccount, currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 700,
      immediatelyExecute: true,
    },
  });
  expect(atOnce.status()).toBe(409);

  // Compliance finds it in the alerts queue, reviews the holder's screening and dismisses it with a reason.
  await switchUser(page, "compliance");
  await page.goto("/screening");
  const alerts = page.getByRole("region", { name: "Open alerts" });
  const row = alerts.getByRole("row", { name: new RegExp(`Tharwat Salah Shihata.*${listedAccount}`) });
  await expect(row).toContainText("Holder of bank account");
  await row.getByRole("link", { name: /Review/ }).click();
  await expect(page.getByRole("heading", { name: "Recipient screening", level: 1 })).toBeVisible();
  // Listed on the UN list and on OFAC's: each match is dismissed on its own, with its reason.
  const screening = page.getByRole("region", { name: "Screening" });
  const dismissButtons = screening.getByRole("button", { name: "Dismiss as false positive…" });
  await expect(dismissButtons).toHaveCount(2);
  for (let left = 2; left > 0; left -= 1) {
    await dismissButtons.first().click();
    const dismiss = page.getByRole("dialog", { name: "Dismiss as a false positive?" });
    await dismiss.getByLabel(/Reason/).fill("Different person: passport seen, born 1988 in Alexandria.");
    await dismiss.getByRole("button", { name: "Dismiss the match" }).click();
    await expect(dismiss).toBeHidden();
    await expect(dismissButtons).toHaveCount(left - 1);
  }
  await shot(page, "recipient-screening-dismissed");

  // Now the payment goes.
  const executed = await developer.post(`/api/payments/quotes/${encodeURIComponent(direct)}/execute`);
  expect(executed.status(), await executed.text()).toBe(200);
  const { transactionId } = (await executed.json()) as { transactionId: string };
  await developer.dispose();

  // The payment's page says how its recipient was screened, and how the matches were dismissed.
  await page.goto(`/transactions/${encodeURIComponent(transactionId)}`);
  const screened = page.getByRole("region", { name: "Screening" });
  await expect(screened).toContainText("Who the bank account pays against the sanctions lists in use");
  await expect(screened).toContainText("Potential matches dismissed");
  await expect(screened).toContainText("Dismissed by Carla Compliance");
});

// An entity on the UN list, as a business beneficiary names it (another subject than the person above, whose matches
// the first test dismissed: a dismissal holds for the same data wherever it appears).
const LISTED_BUSINESS = { legalName: "Congomet Trading House" };

/** A customer's US bank account created through the console by `admin`, with `beneficiary` when given. */
function accountThroughConsole(
  admin: APIRequestContext,
  customerId: string,
  beneficiary?: Record<string, string>,
): Promise<APIResponse> {
  return admin.post("/api/payments/customers/external-accounts", {
    data: {
      customerId,
      currency: "USD",
      accountInfo: {
        accountType: "US_ACCOUNT",
        accountNumber: `6${String(Date.now()).slice(-8)}1`,
        routingNumber: "021000021",
        accountCategory: "CHECKING",
        bankName: "Evergreen Bank",
        ...(beneficiary ? { beneficiary } : {}),
      },
    },
  });
}

test("an external account created through the console has its listed holder raised as an alert at once, and whoever dismisses it does not pay it", async ({
  baseURL,
}) => {
  const payee = await createIndividualCustomer("Lucía Ferrer");
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  const compliance = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequest(admin, "admin");
  await signInRequest(compliance, "compliance");
  const created = await accountThroughConsole(admin, payee.id, LISTED_BUSINESS);
  expect(created.status(), await created.text()).toBe(201);
  const accountId = ((await created.json()) as { id: string }).id;

  // No one has looked it up or tried to pay it: the alert is there already.
  const alerts = (await (await compliance.get("/api/screening/alerts")).json()) as {
    data: { subjectType: string; subjectId: string; status: string; subjectName: string }[];
  };
  expect(alerts.data.find((record) => record.subjectId === accountId)).toMatchObject({
    subjectType: "recipient",
    status: "open",
    subjectName: LISTED_BUSINESS.legalName,
  });

  // The admin dismisses the holder's matches themselves (admins may), then tries to pay the account: whoever cleared
  // the recipient does not also send them the money (decision 0090). Someone else may.
  const alert = (await (await admin.get("/api/screening/alerts")).json()) as {
    data: { id: string; subjectId: string; hits: { listId: string; entryId: string; alert: boolean }[] }[];
  };
  const record = alert.data.find((candidate) => candidate.subjectId === accountId);
  if (!record) throw new Error("no alert for the account");
  for (const hit of record.hits.filter((candidate) => candidate.alert)) {
    const dismissed = await admin.post(`/api/screening/results/${record.id}/dismiss`, {
      data: {
        listId: hit.listId,
        entryId: hit.entryId,
        reason: "A furniture shop in Lyon, not the listed trader.",
      },
    });
    expect(dismissed.status(), await dismissed.text()).toBe(200);
  }
  const payer = await createIndividualCustomer("Hugo Marchand");
  const source = await fundedUsdAccount(payer.id, 20_000);
  const quote = await quoteInto(source, accountId);
  const byAdmin = await admin.post(`/api/payments/quotes/${encodeURIComponent(quote)}/execute`);
  expect(byAdmin.status()).toBe(409);
  expect(await byAdmin.json()).toMatchObject({
    code: "DISMISSED_BY_YOU",
    message: expect.stringContaining("You dismissed the watchlist match of the account's holder"),
  });
  const transfer = await admin.post("/api/payments/transfer-out", {
    data: { source: { accountId: source }, destination: { accountId }, amount: 500 },
  });
  expect(((await transfer.json()) as { code: string }).code).toBe("DISMISSED_BY_YOU");
  const developer = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequest(developer, "developer");
  const byDeveloper = await developer.post(`/api/payments/quotes/${encodeURIComponent(quote)}/execute`);
  expect(byDeveloper.status(), await byDeveloper.text()).toBe(200);
  await developer.dispose();
  await admin.dispose();
  await compliance.dispose();
});

// A person on the UN list whom no other test names (KPi.025): no dismissal another test made applies to them.
const LISTED_OLD_ACCOUNT_HOLDER = { fullName: "Ko Tae Hun", birthDate: "1972-05-25", nationality: "KP" };

test("money to a bank account older than those the console reads is screened through the customer it was picked under, never sent unscreened", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const payer = await createIndividualCustomer("Aurelio Pardo");
  const payee = await createIndividualCustomer("Nieves Calderón");
  const source = await fundedUsdAccount(payer.id, 50_000);
  const listedAccount = await bankAccountOf(payee.id, LISTED_OLD_ACCOUNT_HOLDER);
  // 2,000 newer bank accounts: past those the console reads to find an account by its id.
  const filler = await createIndividualCustomer("Relleno Cuentas");
  for (let start = 0; start < 2_000; start += 40) {
    await Promise.all(
      Array.from({ length: 40 }, async () => {
        const response = await serviceApi("/customers/external-accounts", {
          method: "POST",
          json: {
            customerId: filler.id,
            currency: "USD",
            accountInfo: {
              accountType: "US_ACCOUNT",
              accountNumber: `6${String(randomInt(1e9)).padStart(9, "0")}1`,
              routingNumber: "021000021",
              accountCategory: "CHECKING",
              bankName: "Evergreen Bank",
            },
          },
        });
        expect([201, 409]).toContain(response.status);
      }),
    );
  }

  // Paid at the console's API before anyone looked it up: not found, never screened, so nothing is sent.
  const developer = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequest(developer, "developer");
  const quote = await quoteInto(source, listedAccount);
  const refused = await developer.post(`/api/payments/quotes/${encodeURIComponent(quote)}/execute`);
  expect(refused.status(), await refused.text()).toBe(409);
  expect(await refused.json()).toMatchObject({
    code: "RECIPIENT_NOT_FOUND",
    details: { accountId: listedAccount },
  });
  expect(
    ((await (await serviceApi(`/quotes/${encodeURIComponent(quote)}`)).json()) as { status: string }).status,
  ).toBe("PENDING");

  // Looked up in Send money under its customer, the account is found and its holder screened.
  await signInPage(page, "developer");
  await page.goto("/quotes/new");
  const found = await lookUpCustomerBankAccount(page, { payer, source, payee, bank: listedAccount });
  await expect(found).toContainText(/Ko Tae Hun: \d+ potential match/);
  // The same payment now meets the holder's match, as any other account's would.
  const held = await developer.post(`/api/payments/quotes/${encodeURIComponent(quote)}/execute`);
  expect(held.status()).toBe(409);
  expect(((await held.json()) as { code: string }).code).toBe("SCREENING_MATCH_OPEN");
  await developer.dispose();
});

test("a platform bank account names its holder to be paid: the console's form asks for one, and money to one that names no one is refused", async ({
  page,
  baseURL,
}) => {
  // Registered at the API without a beneficiary: it could be anyone's account, and no one on it can be screened.
  const unnamed = await serviceApi("/platform/external-accounts", {
    method: "POST",
    json: {
      currency: "USD",
      accountInfo: {
        accountType: "US_ACCOUNT",
        accountNumber: `7${String(Date.now()).slice(-8)}1`,
        routingNumber: "021000021",
        accountCategory: "CHECKING",
        bankName: "Evergreen Bank",
      },
    },
  });
  expect(unnamed.status).toBe(201);
  const unnamedId = ((await unnamed.json()) as { id: string }).id;
  const payer = await createIndividualCustomer("Rosa Benítez");
  const source = await fundedUsdAccount(payer.id, 20_000);
  const developer = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequest(developer, "developer");
  const refused = await developer.post(
    `/api/payments/quotes/${encodeURIComponent(await quoteInto(source, unnamedId))}/execute`,
  );
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({
    code: "RECIPIENT_UNNAMED",
    details: { accountId: unnamedId },
  });
  const transfer = await developer.post("/api/payments/transfer-out", {
    data: { source: { accountId: source }, destination: { accountId: unnamedId }, amount: 500 },
  });
  expect(transfer.status()).toBe(409);
  expect(((await transfer.json()) as { code: string }).code).toBe("RECIPIENT_UNNAMED");
  await developer.dispose();

  // Through the console, the platform's account is added with its holder, screened at once.
  await signInPage(page, "admin");
  await page.goto("/accounts");
  await page.getByRole("button", { name: "Add bank account" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a bank account for the platform" });
  await dialog.getByLabel("Bank name").fill("Evergreen Bank");
  await dialog.getByRole("combobox", { name: "Account category" }).selectOption({ label: "Checking" });
  await dialog.getByLabel("Account number").fill(`8${String(Date.now()).slice(-8)}1`);
  await dialog.getByLabel("Routing number").fill("021000021");
  await dialog.getByRole("button", { name: "Add bank account" }).click();
  await expect(dialog.getByText("Name who holds the account")).toBeVisible();
  await expect(dialog.getByLabel("Account holder")).toHaveAttribute("aria-invalid", "true");
  await shot(page, "platform-bank-account-holder", { fullPage: false });
  await dialog.getByLabel("Account holder").fill("Demo Platform Treasury LLC");
  await dialog.getByRole("button", { name: "Add bank account" }).click();
  await expect(dialog).toBeHidden();
  const accounts = (await (await serviceApi("/platform/external-accounts")).json()) as {
    accounts: { id: string; accountInfo: { beneficiary?: { legalName?: string } } }[];
  };
  expect(
    accounts.accounts.some(
      (account) => account.accountInfo.beneficiary?.legalName === "Demo Platform Treasury LLC",
    ),
  ).toBe(true);
});

// A person on the UN list whom no other test names (KPi.018, as the list gives them): a dismissal of someone else's match,
// remembered for the same data, must not clear them here.
const RENAMED_TO = { fullName: "Jon Myong Guk", birthDate: "1976-10-18", nationality: "KP" };

test("a customer's own bank account is screened again when the customer's data changes, so a listed holder is not paid on an old clear result", async ({
  baseURL,
}) => {
  const payee = await createIndividualCustomer("Amara Okafor-Lindqvist");
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  const developer = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequest(admin, "admin");
  await signInRequest(developer, "developer");
  // The customer's own account (no beneficiary): its holder is the customer, screened clear at once.
  const created = await accountThroughConsole(admin, payee.id);
  expect(created.status(), await created.text()).toBe(201);
  const accountId = ((await created.json()) as { id: string }).id;
  const payer = await createIndividualCustomer("Hugo Marchand");
  const source = await fundedUsdAccount(payer.id, 20_000);
  const first = await developer.post(
    `/api/payments/quotes/${encodeURIComponent(await quoteInto(source, accountId))}/execute`,
  );
  expect(first.status(), await first.text()).toBe(200);

  // The customer's record now names a listed person (changed at the API, as the platform's integration may).
  const changed = await serviceApi(`/customers/${encodeURIComponent(payee.id)}`, {
    method: "PATCH",
    json: {
      customerType: "INDIVIDUAL",
      fullName: RENAMED_TO.fullName,
      birthDate: RENAMED_TO.birthDate,
      nationality: RENAMED_TO.nationality,
    },
  });
  expect(changed.status, await changed.text()).toBe(200);
  const second = await developer.post(
    `/api/payments/quotes/${encodeURIComponent(await quoteInto(source, accountId))}/execute`,
  );
  expect(second.status()).toBe(409);
  expect(await second.json()).toMatchObject({ code: "SCREENING_MATCH_OPEN" });
  await developer.dispose();
  await admin.dispose();
});
