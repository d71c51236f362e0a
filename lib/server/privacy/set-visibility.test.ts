import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_VISIBILITY, type Visibility } from "../../universal/privacy/fields";
import type { UserRow } from "../auth/users";
import type { ConsoleDatabase } from "../db/client";
import { auditEvents, configProposals, users } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";

// Who sees a sender's personal data (PUT /api/privacy/visibility) against a real database: masking more applies at
// once; showing a role anything it saw masked waits for a second admin (decision 0088), who cannot be its proposer
// nor an admin made after it.

type Who = Parameters<typeof import("./set-visibility")["setVisibility"]>[0];

let db: ConsoleDatabase;
let setVisibility: typeof import("./set-visibility")["setVisibility"];
let readStoredVisibility: typeof import("./visibility")["readStoredVisibility"];
let readVisibility: typeof import("./visibility")["readVisibility"];
let approveProposal: typeof import("../four-eyes/decide-proposal")["approveProposal"];
let declineProposal: typeof import("../four-eyes/decide-proposal")["declineProposal"];
let ada: Who;
let bea: Who;

const who = (row: UserRow, requestId: string) =>
  ({ user: row as unknown as Who["user"], requestId, clientRequestId: null }) as Who;

async function admin(email: string): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ email, name: email.split("@")[0] ?? email, role: "admin" })
    .returning();
  if (!row) throw new Error("not inserted");
  return row;
}

const auditOf = (requestId: string) =>
  db
    .select({ outcome: auditEvents.outcome, actor: auditEvents.actorEmail, summary: auditEvents.summary })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "privacy.visibility.update"), eq(auditEvents.requestId, requestId)))
    .orderBy(auditEvents.id);

const statusOf = async (id: string) =>
  (await db.select().from(configProposals).where(eq(configProposals.id, id)))[0]?.status;

const withViewer = (viewer: Visibility["viewer"]): Visibility => ({ ...DEFAULT_VISIBILITY, viewer });

beforeAll(async () => {
  ({ db } = await useConsoleTestDatabase("set_visibility"));
  ({ setVisibility } = await import("./set-visibility"));
  ({ readStoredVisibility, readVisibility } = await import("./visibility"));
  ({ approveProposal, declineProposal } = await import("../four-eyes/decide-proposal"));
  ada = who(await admin("ada@example.com"), "req_ada");
  bea = who(await admin("bea@example.com"), "req_bea");
});

afterAll(async () => {
  await db?.pool.end();
});

describe("who sees a sender's personal data", () => {
  it("masks more at once, audited with before and after", async () => {
    const masked = { ...DEFAULT_VISIBILITY, compliance: ["name" as const] };
    const answer = await setVisibility({ ...ada, requestId: "req_mask" }, masked);
    expect(answer).toEqual({ visibility: masked, proposal: null });
    expect(await readStoredVisibility()).toEqual(masked);
    expect(await auditOf("req_mask")).toEqual([
      {
        outcome: "attempted",
        actor: "ada@example.com",
        summary: { before: DEFAULT_VISIBILITY, after: masked },
      },
      {
        outcome: "allowed",
        actor: "ada@example.com",
        summary: { before: DEFAULT_VISIBILITY, after: masked },
      },
    ]);
    // Back to the default: nationality shown to compliance again, which needs a second admin.
    const back = await setVisibility({ ...ada, requestId: "req_back" }, DEFAULT_VISIBILITY);
    expect(back.proposal).not.toBeNull();
    await approveProposal({ ...bea, requestId: "req_back_ok" }, back.proposal?.id ?? "");
    expect(await readStoredVisibility()).toEqual(DEFAULT_VISIBILITY);
  });

  it("only proposes showing a role what it saw masked; the proposer cannot approve it; a second admin does", async () => {
    const wanted = withViewer(["name"]);
    const answer = await setVisibility({ ...ada, requestId: "req_unmask" }, wanted);
    expect(answer.visibility).toEqual(DEFAULT_VISIBILITY);
    expect(answer.proposal).toMatchObject({
      kind: "privacy",
      status: "proposed",
      changes: [{ role: "viewer", category: "name", unmasked: true }],
    });
    const id = answer.proposal?.id ?? "";
    expect(await readStoredVisibility()).toEqual(DEFAULT_VISIBILITY);
    expect(await readVisibility()).toEqual(DEFAULT_VISIBILITY);
    expect(await auditOf("req_unmask")).toEqual([
      expect.objectContaining({
        outcome: "attempted",
        summary: expect.objectContaining({ fourEyes: "proposed" }),
      }),
      expect.objectContaining({ outcome: "allowed", summary: expect.objectContaining({ proposalId: id }) }),
    ]);

    // A second one while it waits is refused; so is its own proposer's approval.
    await expect(
      setVisibility({ ...bea, requestId: "req_second" }, withViewer(["address"])),
    ).rejects.toMatchObject({
      status: 409,
      code: "CONFIG_PROPOSAL_PENDING",
    });
    await expect(approveProposal({ ...ada, requestId: "req_self" }, id)).rejects.toMatchObject({
      status: 409,
      code: "SECOND_ADMIN_REQUIRED",
    });
    // Nor may an admin made after it approve: its proposer could have made them to.
    const cal = who(await admin("cal@example.com"), "req_cal");
    await expect(approveProposal(cal, id)).rejects.toMatchObject({ status: 409 });
    expect(await readStoredVisibility()).toEqual(DEFAULT_VISIBILITY);

    await approveProposal({ ...bea, requestId: "req_approve" }, id);
    expect(await statusOf(id)).toBe("applied");
    expect(await readStoredVisibility()).toEqual(wanted);
    expect(await readVisibility()).toEqual(wanted);
    expect(await auditOf("req_approve")).toEqual([
      expect.objectContaining({ outcome: "attempted", actor: "bea@example.com" }),
      {
        outcome: "allowed",
        actor: "bea@example.com",
        summary: expect.objectContaining({
          before: DEFAULT_VISIBILITY,
          after: wanted,
          fourEyes: "approved",
          proposalId: id,
          proposedBy: "ada@example.com",
        }),
      },
    ]);
  });

  it("proposes a change that masks one thing and unmasks another as a whole, and a declined one changes nothing", async () => {
    const before = await readStoredVisibility();
    const mixed = { ...before, viewer: [], developer: ["address" as const] };
    const answer = await setVisibility({ ...ada, requestId: "req_mixed" }, mixed);
    expect(answer.proposal).toMatchObject({
      changes: [
        { role: "viewer", category: "name", unmasked: false },
        { role: "developer", category: "address", unmasked: true },
      ],
    });
    expect(await readStoredVisibility()).toEqual(before);
    await declineProposal({ ...bea, requestId: "req_decline" }, answer.proposal?.id ?? "");
    expect(await statusOf(answer.proposal?.id ?? "")).toBe("declined");
    expect(await readStoredVisibility()).toEqual(before);
  });

  it("supersedes a proposal whose setting moved before it was approved", async () => {
    const before = await readStoredVisibility();
    const answer = await setVisibility(
      { ...ada, requestId: "req_stale" },
      { ...before, developer: ["taxId"] },
    );
    const id = answer.proposal?.id ?? "";
    // Meanwhile another admin masks names from viewers again, at once.
    const masked = { ...before, viewer: [] };
    expect((await setVisibility({ ...bea, requestId: "req_meanwhile" }, masked)).proposal).toBeNull();
    await expect(approveProposal({ ...bea, requestId: "req_stale_ok" }, id)).rejects.toMatchObject({
      status: 409,
      code: "STALE_PROPOSAL",
    });
    expect(await statusOf(id)).toBe("superseded");
    expect(await readStoredVisibility()).toEqual(masked);
  });
});
