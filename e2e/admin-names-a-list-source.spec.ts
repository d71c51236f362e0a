import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { secondDemoUser } from "./support/environment";
import { expectCellsWithinScreen, PHONE_WIDTH } from "./support/phone-cards";
import { shot } from "./support/screens";
import { signInPage, signInWith } from "./support/session";

// OFAC's consolidated (non-SDN) list as shipped, with a comment after its declaration: new bytes, the same entries,
// so the version it makes changes no screening the other specs rely on.
const shipped = readFileSync(
  path.join(process.cwd(), "data/screening/lists/ofac_consolidated_advanced.xml"),
  "utf8",
);
const firstLineEnd = shipped.indexOf("\n") + 1;
const served = Buffer.from(
  `${shipped.slice(0, firstLineEnd)}<!-- served to the console by e2e/admin-names-a-list-source.spec.ts -->\n${shipped.slice(firstLineEnd)}`,
);
const servedHash = createHash("sha256").update(served).digest("hex");
const LIST = "OFAC consolidated (non-SDN)";

let server: Server;
let port = 0;
const requests: { authorization: string | undefined }[] = [];

test.beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push({ authorization: request.headers.authorization });
    if (request.url !== "/ofac-advanced.xml") {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { "content-type": "application/xml", "content-length": served.length });
    response.end(served);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test("an admin names a list's URL, a second admin approves it, and its fetch is the list's version in use", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInPage(page, "admin");
  await page.goto("/screening");
  const sources = page.getByRole("region", { name: "List sources" });
  await expect(sources.getByText("No list sources")).toBeVisible();

  // The admin names the URL, with a user name and password the console sends and never shows. A file path may name
  // only a file in the console's sources folder, which the dialog names: not any file the console can read.
  const { folder } = (await (await page.request.get("/api/screening/sources")).json()) as { folder: string };
  expect(folder).toMatch(/\/screening-sources$/);
  const inFolder = folder.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await sources.getByRole("button", { name: "Add source…" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a list source" });
  await dialog.getByLabel("List").selectOption({ label: LIST });
  const location = dialog.getByLabel(/File path or URL/);
  await expect(location).toHaveAccessibleDescription(new RegExp(`The path of a file in ${inFolder} `));
  await location.fill("ftp://example.com/list.xml");
  await dialog.getByLabel(/Refresh every/).fill("12");
  await dialog.getByRole("button", { name: "Propose source" }).click();
  await expect(dialog.getByText("Give an absolute file path or an http(s) URL.")).toBeVisible();
  await location.fill(`${folder}/../../../../../../etc/passwd`);
  await dialog.getByRole("button", { name: "Propose source" }).click();
  await expect(location).toHaveAccessibleDescription(
    new RegExp(`Give the path of a file inside ${inFolder}\\.`),
  );
  await shot(page, "screening-list-source-outside-folder");
  await dialog.getByLabel(/File path or URL/).fill(`http://feed:s3cret@127.0.0.1:${port}/ofac-advanced.xml`);
  await dialog.getByRole("button", { name: "Propose source" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`The ${LIST}'s source waits for a second admin`)).toBeVisible();

  // It waits for a second admin: nothing is fetched, and its proposer cannot approve it.
  const card = page.getByRole("region", { name: `Fetch the ${LIST} from a source` });
  await expect(card).toContainText(`http://127.0.0.1:${port}/ofac-advanced.xml`);
  await expect(card).not.toContainText("s3cret");
  await expect(card).toContainText("Proposed by you");
  await expect(card.getByRole("button", { name: /^Approve/ })).toHaveAttribute("aria-disabled", "true");
  // With no source in use yet, the card says the first one waits, not that there are none.
  await expect(sources.getByText("No list source in use yet")).toBeVisible();
  await expect(sources.getByText("No list sources")).toBeHidden();
  const waiting = (await (await page.request.get("/api/screening/sources")).json()) as {
    proposals: { id: string }[];
  };
  const own = await page.request.post(`/api/config/proposals/${waiting.proposals[0]?.id}/approve`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(own.status()).toBe(409);
  expect(((await own.json()) as { code: string }).code).toBe("SECOND_ADMIN_REQUIRED");
  expect(requests).toHaveLength(0);
  await shot(page, "screening-list-source-proposed");

  // The second admin approves: the source is fetched at once, through the console's job queue.
  const second = await (await browser.newContext()).newPage();
  const sam = secondDemoUser("admin");
  await signInWith(second, sam.email, sam.password);
  await second.goto("/screening");
  await second
    .getByRole("region", { name: `Fetch the ${LIST} from a source` })
    .getByRole("button", { name: /^Approve/ })
    .click();
  const confirm = second.getByRole("alertdialog", { name: `Fetch the ${LIST} from this source?` });
  await expect(confirm).toContainText("every 12 hours");
  await confirm.getByRole("button", { name: "Approve source" }).click();
  await expect(second.getByText(`The ${LIST}'s source is in use; it is fetched now`)).toBeVisible();
  await second.context().close();

  // The first admin's page, not reloaded, hears of it: the proposal gone, the source in the table, then its fetch.
  await expect(card).toBeHidden();
  const row = page.getByRole("table", { name: "List sources" }).getByRole("row").filter({ hasText: LIST });
  await expect(row).toContainText(`http://127.0.0.1:${port}/ofac-advanced.xml`);
  await expect(row).toContainText("12 h");
  await expect(row).toContainText("Loaded", { timeout: 30_000 });
  expect(requests[0]?.authorization).toBe(`Basic ${Buffer.from("feed:s3cret").toString("base64")}`);
  const health = (await (await page.request.get("/api/screening/lists")).json()) as {
    data: { id: number; listId: string; status: string; contentHash: string }[];
  };
  const inUse = health.data.find((v) => v.listId === "ofac-advanced" && v.status === "in-use");
  expect(inUse?.contentHash).toBe(servedHash);
  await page.reload();
  await expect(
    page
      .getByRole("table", { name: "Watchlist versions" })
      .getByRole("row")
      .filter({ hasText: LIST })
      .filter({ hasText: "In use" }),
  ).toHaveCount(1);

  // "Refresh now" fetches it again at once: the same bytes confirm the version in use.
  const before = requests.length;
  await row.getByRole("button", { name: `Refresh now the ${LIST}` }).click();
  await expect(page.getByText(`The ${LIST} is being fetched`)).toBeVisible();
  await expect.poll(() => requests.length, { timeout: 30_000 }).toBeGreaterThan(before);
  await expect(row).toContainText("Same file: confirmed", { timeout: 30_000 });
  await expect(page.getByRole("region", { name: "List sources" })).not.toContainText("s3cret");
  await shot(page, "screening-list-sources");

  // On a phone the source is a card: every cell within the screen, its buttons across the card's foot in sight.
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await expect(page.getByRole("region", { name: "List sources, scrolls sideways" })).toHaveCount(0);
  await expectCellsWithinScreen(row.getByRole("cell"), 6);
  const refresh = row.getByRole("button", { name: `Refresh now the ${LIST}` });
  // Brought to by scrolling the page down only, never the table sideways.
  await refresh.evaluate((button) =>
    window.scrollBy(0, button.getBoundingClientRect().top - window.innerHeight / 2),
  );
  await expect(refresh).toBeInViewport({ ratio: 1 });
  await shot(page, "390-screening-list-source", { fullPage: false });
});
