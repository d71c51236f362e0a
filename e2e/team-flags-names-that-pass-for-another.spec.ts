import { expect, test } from "@playwright/test";
import { withConsoleDatabase } from "./support/database";
import { demoUser } from "./support/environment";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

// Members named before names were checked (lib/universal/team/person-name.ts) keep their names until renamed: the
// Team page says which, so an admin can tell "approved by Ada Admin" apart again.
const LOOK_ALIKES = [
  { email: `lookalike-same-${Date.now()}@demo.local`, name: "ada  ádmin" },
  { email: `lookalike-mixed-${Date.now()}@demo.local`, name: "Cаrla Compliance" },
];

test.afterAll(async () => {
  await withConsoleDatabase((client) =>
    client.query("DELETE FROM users WHERE email = ANY($1)", [LOOK_ALIKES.map((one) => one.email)]),
  );
});

test("the Team page flags a member whose name reads as another's, or mixes scripts, for an admin to rename", async ({
  page,
}) => {
  await withConsoleDatabase(async (client) => {
    for (const one of LOOK_ALIKES) {
      await client.query("INSERT INTO users (email, name, role) VALUES ($1, $2, 'viewer')", [
        one.email,
        one.name,
      ]);
    }
  });
  await signInPage(page, "admin");
  await page.goto("/team");
  const table = page.getByRole("table", { name: "Team members" });
  const row = (email: string) =>
    table.getByRole("row").filter({ has: page.getByText(email, { exact: true }) });
  const ada = demoUser("admin");
  await expect(row(LOOK_ALIKES[0]?.email ?? "")).toContainText(
    `Name warning: Reads the same as ${ada.name} (${ada.email})`,
  );
  await expect(row(ada.email)).toContainText(`Reads the same as ada  ádmin (${LOOK_ALIKES[0]?.email})`);
  await expect(row(LOOK_ALIKES[1]?.email ?? "")).toContainText(
    /Name warning: "Cаrla" mixes Latin letters with Cyrillic ones .* rename them/,
  );
  // A member whose name is their own is not flagged.
  await expect(row(demoUser("viewer").email)).not.toContainText("Name warning");
  await shot(page, "team-name-warnings");

  // The admin renames the look-alike from the warning: both warnings go, and the audit log keeps the old name.
  const lookAlike = LOOK_ALIKES[0]?.email ?? "";
  await row(lookAlike)
    .getByRole("button", { name: /^Rename ada\s+ádmin$/ })
    .click();
  const dialog = page.getByRole("alertdialog", { name: /^Rename ada\s+ádmin$/ });
  const field = dialog.getByLabel("Name");
  await expect(field).toBeFocused();
  // A name that reads as another's is still refused, with its reason.
  await field.fill("ADA ADMIN");
  await dialog.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText(/is already a member by that name/)).toBeVisible();
  await field.fill("Adaeze Lookalike");
  await dialog.getByRole("button", { name: "Save name" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("status").filter({ hasText: /ada\s+ádmin is now named Adaeze Lookalike\./ }),
  ).toBeVisible();
  await expect(row(lookAlike)).not.toContainText("Name warning");
  await expect(row(ada.email)).not.toContainText("Name warning");
  const audited = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ previous: string }>(
          "SELECT summary->>'previousName' AS previous FROM audit_events WHERE action = 'team.user.update' AND target_id = $1 AND outcome = 'allowed'",
          [lookAlike],
        )
      ).rows,
  );
  expect(audited).toEqual([{ previous: "ada  ádmin" }]);
});
