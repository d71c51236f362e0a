import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PolicyDocument } from "../../universal/policies/rules";
import type { ConsoleDatabase } from "../db/client";
import { users } from "../db/schema";
import { createConsoleTestDatabase } from "../db/test-database";
import {
  activateVersion,
  activeVersion,
  createDraft,
  declineVersion,
  listVersions,
  proposeDraft,
  updateDraft,
} from "./versions";

let db: ConsoleDatabase;
let serverDatabaseUrl: string;

/** How many of the database's sessions wait on a lock. */
async function lockWaiters(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
  );
  return rows[0]?.n ?? 0;
}

/** Until `count` of them do (expect polling, no fixed sleep). */
async function waitingOnLocks(client: pg.Client, count: number) {
  await expect.poll(() => lockWaiters(client), { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
}
/** The call's outcome, caught at once: a refusal is a result here, never an unhandled rejection. */
function settle<T>(call: Promise<T>): Promise<PromiseSettledResult<T>> {
  return call.then(
    (value) => ({ status: "fulfilled", value }),
    (reason: unknown) => ({ status: "rejected", reason }),
  );
}

let ada: { id: string; email: string };
let bob: { id: string; email: string };

const documentWith = (name: string): PolicyDocument => ({
  rules: [
    { id: "small", name, when: [{ kind: "senderAllowListed", value: true }], then: { decision: "approve" } },
  ],
  allowListedDomains: ["pay.example"],
});

beforeAll(async () => {
  ({ url: serverDatabaseUrl, db } = await createConsoleTestDatabase("policies"));
  const made = await db
    .insert(users)
    .values([
      { email: "ada@example.com", name: "Ada", role: "compliance" },
      { email: "bob@example.com", name: "Bob", role: "admin" },
    ])
    .returning({ id: users.id, email: users.email });
  [ada, bob] = made as [typeof ada, typeof bob];
});

afterAll(async () => {
  await db?.pool.end();
});

describe("policy versions", () => {
  it("takes a draft through proposal to activation by a second person, superseding the one in force", async () => {
    const first = await createDraft(db, ada, { document: documentWith("First") });
    await proposeDraft(db, first.id, ada);
    await activateVersion(db, first.id, bob);

    const copy = await createDraft(db, ada, { copyOf: first.id });
    expect(copy.version).toBe(first.version + 1);
    expect(copy.document).toEqual(first.document);
    // Only its author edits a draft: a rewrite by anyone else would make them its hidden author, free to activate it.
    await expect(updateDraft(db, copy.id, bob, documentWith("Bob's"))).rejects.toMatchObject({
      status: 409,
      code: "DRAFT_AUTHOR_ONLY",
    });
    const edited = await updateDraft(db, copy.id, ada, documentWith("Second"), "renamed");
    expect(edited.document.rules[0]?.name).toBe("Second");
    const proposed = await proposeDraft(db, copy.id, ada);
    expect(proposed).toMatchObject({ status: "proposed", proposedBy: { email: "ada@example.com" } });
    await expect(updateDraft(db, copy.id, ada, documentWith("Third"))).rejects.toMatchObject({
      status: 409,
      code: "POLICY_VERSION_STATUS",
    });

    await expect(activateVersion(db, copy.id, ada)).rejects.toMatchObject({
      status: 409,
      code: "SECOND_PERSON_REQUIRED",
    });
    await expect(declineVersion(db, copy.id, ada, "Not mine to decline")).rejects.toMatchObject({
      code: "SECOND_PERSON_REQUIRED",
    });
    const { activated, superseded } = await activateVersion(db, copy.id, bob);
    expect(activated).toMatchObject({ status: "active", decidedBy: { email: "bob@example.com" } });
    expect(superseded).toBe(first.version);
    expect((await activeVersion(db))?.id).toBe(copy.id);
    const statuses = Object.fromEntries(
      (await listVersions(db)).map((version) => [version.version, version.status]),
    );
    expect(statuses).toMatchObject({ [first.version]: "superseded", [copy.version]: "active" });
  });

  it("refuses activation by the version's author when someone else proposed it", async () => {
    const carl = (
      await db
        .insert(users)
        .values({ email: "carl@example.com", name: "Carl", role: "compliance" })
        .returning({ id: users.id, email: users.email })
    )[0] as { id: string; email: string };
    const written = await createDraft(db, ada, { document: documentWith("Author's own") });
    await proposeDraft(db, written.id, bob);
    await expect(activateVersion(db, written.id, ada)).rejects.toMatchObject({
      status: 409,
      code: "SECOND_PERSON_REQUIRED",
    });
    expect((await listVersions(db)).find((version) => version.id === written.id)?.status).toBe("proposed");
    const { activated } = await activateVersion(db, written.id, carl);
    expect(activated).toMatchObject({ status: "active", decidedBy: { email: "carl@example.com" } });
  });

  it("refuses activation of a version whose proposer has been disabled since", async () => {
    const dana = (
      await db
        .insert(users)
        .values({ email: "dana@example.com", name: "Dana", role: "compliance" })
        .returning({ id: users.id, email: users.email })
    )[0] as { id: string; email: string };
    const written = await createDraft(db, ada, { document: documentWith("Proposer left") });
    await proposeDraft(db, written.id, dana);
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, dana.id));
    await expect(activateVersion(db, written.id, bob)).rejects.toMatchObject({
      status: 409,
      code: "PROPOSER_LEFT",
    });
    expect((await listVersions(db)).find((version) => version.id === written.id)?.status).toBe("proposed");
  });

  it("refuses to propose a draft that changes nothing against the version in force, and leaves it a draft", async () => {
    const active = await activeVersion(db);
    if (!active) throw new Error("the first test leaves a version in force");
    const copy = await createDraft(db, ada, { copyOf: active.id });
    await expect(proposeDraft(db, copy.id, ada)).rejects.toMatchObject({
      status: 409,
      code: "POLICY_UNCHANGED",
      message: `v${copy.version} is the same as v${active.version}, the version in force: change a rule or the allow-list before proposing it.`,
      details: { against: active.version },
    });
    expect((await listVersions(db)).find((version) => version.id === copy.id)).toMatchObject({
      status: "draft",
      proposedBy: null,
    });
    // One more allow-listed domain is a change: it can be proposed.
    await updateDraft(db, copy.id, ada, {
      ...active.document,
      allowListedDomains: [...active.document.allowListedDomains, "partner.example"],
    });
    expect(await proposeDraft(db, copy.id, ada)).toMatchObject({ status: "proposed" });
  });

  it("keeps the second person's reason with a declined version", async () => {
    const written = await createDraft(db, ada, { document: documentWith("To be declined") });
    expect(written.declineReason).toBeNull();
    await proposeDraft(db, written.id, ada);
    const declined = await declineVersion(db, written.id, bob, "Approves senders we have not vetted");
    expect(declined).toMatchObject({
      status: "declined",
      decidedBy: { email: "bob@example.com" },
      declineReason: "Approves senders we have not vetted",
    });
    expect((await listVersions(db)).find((version) => version.id === written.id)?.declineReason).toBe(
      "Approves senders we have not vetted",
    );
  });

  it("answers 404 for an id that is not a version's, even one that is not a uuid", async () => {
    await expect(proposeDraft(db, "not-a-uuid", ada)).rejects.toMatchObject({
      status: 404,
      code: "POLICY_VERSION_NOT_FOUND",
    });
    await expect(
      createDraft(db, ada, { copyOf: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("leaves exactly one version active when two are activated at the same moment", async () => {
    const one = await createDraft(db, ada, { document: documentWith("One") });
    const two = await createDraft(db, ada, { document: documentWith("Two") });
    await proposeDraft(db, one.id, ada);
    await proposeDraft(db, two.id, ada);
    // Force the overlap: hold version one's row, so its activation is inside its transaction when two's runs
    // (which then waits on the first's lock of the version in force, or finishes first when none is).
    const holder = new pg.Client({ connectionString: serverDatabaseUrl });
    // Watched from a session of its own: pg_stat_activity is read once per transaction, so not from the holder's.
    const watcher = new pg.Client({ connectionString: serverDatabaseUrl });
    await Promise.all([holder.connect(), watcher.connect()]);
    // Each outcome is captured the moment its call starts: one of them is refused while this test still awaits the
    // holder, and a rejection nobody has caught yet by then is an unhandled one (it failed a CI run).
    let first: Promise<PromiseSettledResult<unknown>> = settle(Promise.resolve());
    let second: Promise<PromiseSettledResult<unknown>> = settle(Promise.resolve());
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM policy_versions WHERE id = $1 FOR UPDATE", [one.id]);
      first = settle(activateVersion(db, one.id, bob));
      await waitingOnLocks(watcher, 1);
      let settled = false;
      second = settle(activateVersion(db, two.id, bob)).finally(() => {
        settled = true;
      });
      await expect
        .poll(async () => settled || (await lockWaiters(watcher)) >= 2, { timeout: 10_000 })
        .toBe(true);
    } finally {
      await holder.query("ROLLBACK");
      await Promise.all([holder.end(), watcher.end()]);
    }
    const results = await Promise.all([first, second]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toMatchObject({
      status: 409,
      code: "ACTIVATION_CONFLICT",
    });
    const active = (await listVersions(db)).filter((version) => version.status === "active");
    expect(active).toHaveLength(1);
  });

  it("activates a version once when it is activated twice at the same moment", async () => {
    const once = await createDraft(db, ada, { document: documentWith("Once") });
    await proposeDraft(db, once.id, ada);
    const results = await Promise.allSettled([
      activateVersion(db, once.id, bob),
      activateVersion(db, once.id, bob),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toMatchObject({ status: 409 });
    expect((await activeVersion(db))?.id).toBe(once.id);
  });

  it("numbers drafts created at the same moment one after another", async () => {
    const made = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        createDraft(db, bob, { document: documentWith(`Draft ${index}`) }),
      ),
    );
    const numbers = made.map((version) => version.version).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(4);
  });
});
