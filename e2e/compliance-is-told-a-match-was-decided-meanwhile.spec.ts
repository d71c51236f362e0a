import { expect, request as playwrightRequest, test } from "@playwright/test";
import { withConsoleDatabase } from "./support/database";
import { secondDemoUser } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInRequest, signInWith } from "./support/session";

const LISTED = "$listed.usd@sandbox.uma.money";

// Two officers on the same match: one proposes confirming it while the other's dialog to propose the same is open.
// The open dialog learns it as it happens (a console event): its press would now be the second confirmation, which
// decides the match, and it says so. (A dismissal meanwhile, which closes the dialog's press, is in
// components/screening/decided-meanwhile.test.ts: dismissing this sender here would be remembered for other specs.)
test("a dialog open on a match another officer acts on meanwhile says who did what, and what a press does now", async ({
  page,
  baseURL,
}) => {
  const customer = await createIndividualCustomer("Rosa Meanwhile");
  const payment = await receiveSandboxPayment(customer.id, 2_900, "USD", LISTED);
  const carla = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(carla, "compliance");

  const cole = secondDemoUser("compliance");
  await signInWith(page, cole.email, cole.password);
  await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  await waitForHydration(page);
  const un = page
    .getByRole("region", { name: "Screening" })
    .getByRole("region", { name: "THARWAT SALAH SHIHATA" });
  await un.getByRole("button", { name: "Confirm as a match…" }).click();
  const dialog = page.getByRole("dialog", { name: "Propose confirming the match?" });
  await dialog.getByLabel(/Reason/).fill("Looks like the same person to me.");

  // Carla proposes confirming the same match meanwhile.
  const screenings = (await (
    await carla.get(`/api/screening/results?payment=${encodeURIComponent(payment.id)}`)
  ).json()) as {
    data: { id: string; hits: { listId: string; entryId: string; primaryName: string; alert: boolean }[] }[];
  };
  const screening = screenings.data[0];
  const hit = screening?.hits.find((one) => one.alert && one.primaryName === "THARWAT SALAH SHIHATA");
  if (!screening || !hit) throw new Error("no UN match");
  const proposed = await carla.post(`/api/screening/results/${screening.id}/confirm`, {
    data: { listId: hit.listId, entryId: hit.entryId, reason: "Same passport number as the UN entry." },
  });
  expect(proposed.status()).toBe(200);

  const second = page.getByRole("dialog", { name: "Confirm the match as the second officer?" });
  await expect(second.getByRole("status")).toHaveText(
    "Carla Compliance proposed confirming this match meanwhile: “Same passport number as the UN entry.” Confirming it now is the second confirmation, which decides it; dismissing it is theirs to do.",
  );
  await expect(second.getByLabel(/Reason/)).toHaveValue("Looks like the same person to me.");
  await shot(page, "screening-proposed-meanwhile", { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(second).toBeHidden();
  await expect(un).toContainText("1 of 2: Carla Compliance proposed confirming it");
  await carla.dispose();
  // Carla's proposal would wait for every other officer and admin, on their overviews, in the specs that follow
  // (confirmed, or dismissed by her, it would be remembered for this sender's next payments there): taken back here.
  await withConsoleDatabase((client) =>
    client.query(
      `UPDATE screening_results
          SET result = jsonb_set(result, '{hits}', (SELECT jsonb_agg(hit - 'confirmation') FROM jsonb_array_elements(result->'hits') hit))
        WHERE id = $1`,
      [screening.id],
    ),
  );
});
