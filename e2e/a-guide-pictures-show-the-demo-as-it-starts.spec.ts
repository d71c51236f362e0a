import { expect, type Page, test } from "@playwright/test";
import { signInPage } from "./support/session";

// The role guides' pictures (docs/guide/images/), taken afresh by every e2e run so they never go stale, first of the
// run (the file name sorts first) so they show the demo as a new user finds it: each page as
// the role who works in it sees it on the demo platform, at a laptop's size, the view without scrolling.
test.use({ viewport: { width: 1280, height: 800 } });

const IMAGES = "docs/guide/images";

type Role = Parameters<typeof signInPage>[1];

/** A guide's picture: the page opened by its role, once its heading shows and nothing is still loading. */
async function picture(page: Page, path: string, heading: string, name: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({ path: `${IMAGES}/${name}.png`, animations: "disabled" });
}

const GUIDES: { role: Role; pages: { path: string; heading: string; name: string }[] }[] = [
  {
    role: "compliance",
    pages: [
      { path: "/approvals", heading: "Approvals", name: "compliance-approvals" },
      { path: "/policies", heading: "Approval policies", name: "compliance-policies" },
      { path: "/audit", heading: "Audit log", name: "compliance-audit-log" },
    ],
  },
  {
    role: "admin",
    pages: [
      { path: "/config", heading: "Configuration", name: "admin-configuration" },
      { path: "/team", heading: "Team", name: "admin-team" },
      { path: "/customers", heading: "Customers", name: "admin-customers" },
    ],
  },
  {
    role: "developer",
    pages: [
      { path: "/sandbox", heading: "Sandbox", name: "developer-sandbox" },
      { path: "/webhooks", heading: "Webhooks", name: "developer-webhooks" },
    ],
  },
];

for (const { role, pages } of GUIDES) {
  test(`the ${role} guide's pictures show the pages the ${role} works in`, async ({ page }) => {
    await signInPage(page, role);
    for (const { path, heading, name } of pages) await picture(page, path, heading, name);
  });
}
