import { expect, type Locator, type Page } from "@playwright/test";
import { pickCustomer } from "./customer-picker";

type Named = { id: string; fullName: string };

/**
 * On Send money (already open): from `payer`'s internal account `source` to `payee`'s bank account `bank`, looked up
 * as a receiver. Answers the found account's region ("Receiving bank account"), once it says what it receives.
 */
export async function lookUpCustomerBankAccount(
  page: Page,
  { payer, source, payee, bank }: { payer: Named; source: string; payee: Named; bank: string },
): Promise<Locator> {
  const from = page.getByRole("region", { name: "From" });
  await expect(async () => {
    await from.getByRole("radio", { name: "Customer account" }).check();
    await pickCustomer(from, "Customer", payer.id, payer.fullName);
  }).toPass();
  await from.getByRole("radio", { name: new RegExp(source) }).check();

  const to = page.getByRole("region", { name: "To" });
  await to.getByRole("radio", { name: "Bank account", exact: true }).check();
  await to.getByRole("radio", { name: "A customer's" }).check();
  await pickCustomer(to, "Customer whose bank account", payee.id, payee.fullName);
  await to.getByRole("radio", { name: new RegExp(bank) }).check();
  await to.getByRole("button", { name: "Look up account" }).click();
  const found = to.getByRole("region", { name: "Receiving bank account" });
  await expect(found).toContainText("Found: it receives USD");
  return found;
}
