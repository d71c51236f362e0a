import { randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createIndividualCustomer } from "./support/fixtures";
import { reopenAddress } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, signInRequest } from "./support/session";

/** Six random lower-case letters: a name holds letters only, and each run's customers are its own. */
const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join("");

test("staff narrow the customer list by words of a name, whatever their case and accents, with its other filters", async ({
  page,
}) => {
  const token = letters();
  const oceane = await createIndividualCustomer(`Océane Lista${token}`);
  const marius = await createIndividualCustomer(`Marius Lista${token}`);
  await signInPage(page, "viewer");
  await page.goto("/customers");
  const table = page.getByRole("table", { name: "Customers" });
  const rows = table.getByRole("row");
  const search = page.getByRole("searchbox", { name: "Name or email" });

  await search.fill(`OCEANE lista${token}`);
  await expect(page).toHaveURL(/[?&]q=OCEANE/);
  await expect(rows.filter({ hasText: oceane.platformCustomerId })).toBeVisible();
  await expect(rows.filter({ hasText: marius.platformCustomerId })).toHaveCount(0);
  await expect(rows.filter({ hasText: `Océane Lista${token}` })).toBeVisible();
  await shot(page, "customers-narrowed-by-name");

  // Both, by the word they share; then with the type filter, which neither is.
  await search.fill(`lista${token}`);
  await expect(rows.filter({ hasText: marius.platformCustomerId })).toBeVisible();
  await expect(rows.filter({ hasText: oceane.platformCustomerId })).toBeVisible();
  await page.getByRole("combobox", { name: "Type" }).selectOption("BUSINESS");
  await expect(page).toHaveURL(/customerType=BUSINESS/);
  await expect(rows.filter({ hasText: `lista${token}` })).toHaveCount(0);

  // The address holds the words: a reloaded or shared one opens the same narrowed list.
  await page.getByRole("combobox", { name: "Type" }).selectOption("INDIVIDUAL");
  await reopenAddress(
    page,
    new RegExp(`customerType=INDIVIDUAL.*q=lista${token}|q=lista${token}.*customerType=INDIVIDUAL`),
  );
  await expect(search).toHaveValue(`lista${token}`);
  await expect(rows.filter({ hasText: `Lista${token}` })).toHaveCount(2);
});

test("the customer list's word search pages its matches and refuses a bad query in the API's error shape", async ({
  request: viewer,
}) => {
  const token = letters();
  for (const first of ["Ana", "Bea", "Cruz"]) await createIndividualCustomer(`${first} Paginada${token}`);
  await signInRequest(viewer, "viewer");

  const first = await viewer.get(`/api/customers/matching?q=paginada${token}&limit=2`);
  expect(first.status()).toBe(200);
  const firstPage = (await first.json()) as {
    data: { fullName?: string }[];
    hasMore: boolean;
    nextCursor?: string;
    totalCount?: number;
    complete: boolean;
  };
  expect(firstPage.data).toHaveLength(2);
  expect(firstPage.hasMore).toBe(true);
  if (firstPage.complete) expect(firstPage.totalCount).toBe(3);
  // Newest first, as the list is.
  expect(firstPage.data.map((customer) => customer.fullName)).toEqual([
    `Cruz Paginada${token}`,
    `Bea Paginada${token}`,
  ]);
  const second = await viewer.get(
    `/api/customers/matching?q=paginada${token}&limit=2&cursor=${firstPage.nextCursor}`,
  );
  const secondPage = (await second.json()) as { data: { fullName?: string }[]; hasMore: boolean };
  expect(secondPage.data.map((customer) => customer.fullName)).toEqual([`Ana Paginada${token}`]);
  expect(secondPage.hasMore).toBe(false);

  for (const query of [
    "",
    "?q=",
    "?q=%20%20",
    `?q=${"x".repeat(201)}`,
    "?q=ana&cursor=abc",
    "?q=ana&cursor=99999",
    "?q=ana&limit=0",
    "?q=ana&limit=101",
    "?q=ana&customerType=ROBOT",
    "?q=ana&createdAfter=yesterday",
    "?q=ana&bogus=1",
    "?q=ana&q=bea",
  ]) {
    const response = await viewer.get(`/api/customers/matching${query}`);
    expect(response.status(), query).toBe(400);
    const body = (await response.json()) as { code?: string; message?: string };
    expect(body.code, query).toBe("INVALID_INPUT");
    expect(body.message, query).toBeTruthy();
  }
});
