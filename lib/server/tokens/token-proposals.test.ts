import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "../db/client";
import { auditEvents, tokenRecords, users } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";

// Issue 46 item 3 against a real database and a stand-in payment API: a Transact or Manage token is a second admin's
// decision, and its secret reaches the proposer alone, once.
let db: ConsoleDatabase;
let api: Server;
const created: { name: string; permissions: string[] }[] = [];
type Who = Parameters<typeof import("../four-eyes/token-proposals").proposeToken>[0];
let ada: Who;
let sam: Who;

function who(row: { id: string; email: string; name: string; role: string }, requestId: string): Who {
  return { user: row as unknown as Who["user"], requestId, clientRequestId: null } as Who;
}

beforeAll(async () => {
  api = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => {
      if (request.method === "POST" && request.url === "/v1/tokens") {
        const body = JSON.parse(text) as { name: string; permissions: string[] };
        created.push(body);
        response.writeHead(201, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            id: `Token:${created.length}`,
            name: body.name,
            permissions: body.permissions,
            clientId: `tok_${created.length}`,
            clientSecret: `secret-${created.length}-abcdefghijklmnopqrstuvwxyz`,
            createdAt: new Date().toISOString(),
            updatedAt: new Date().toISOString(),
          }),
        );
        return;
      }
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ status: 404, code: "NOT_FOUND", message: "No such route." }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  ({ db } = await useConsoleTestDatabase("token_proposals", {
    PAYMENT_API_BASE_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1`,
  }));
  const rows = await db
    .insert(users)
    .values([
      { email: "ada@example.com", name: "Ada", role: "admin" },
      { email: "sam@example.com", name: "Sam", role: "admin" },
    ])
    .returning();
  ada = who(rows[0] as never, "req_ada");
  sam = who(rows[1] as never, "req_sam");
});

afterAll(async () => {
  await db?.pool.end();
  await new Promise((resolve) => api?.close(resolve));
});

describe("a Manage+Transact token", () => {
  it("is only proposed, approved by another admin, and its secret collected once by the proposer", async () => {
    const { proposeToken, collectTokenSecret } = await import("../four-eyes/token-proposals");
    const { approveProposal } = await import("../four-eyes/decide-proposal");
    const proposal = await proposeToken(ada, async () => ({
      name: "Treasury bot",
      permissions: ["MANAGE", "TRANSACT"],
      expiresInDays: 30,
    }));
    expect(proposal).toMatchObject({ kind: "token", status: "proposed" });
    expect(created).toHaveLength(0);

    await expect(approveProposal({ ...ada, requestId: "req_ada_2" }, proposal.id)).rejects.toMatchObject({
      status: 409,
      code: "SECOND_ADMIN_REQUIRED",
    });
    expect(created).toHaveLength(0);

    const approved = await approveProposal(sam, proposal.id);
    expect(approved).toMatchObject({ status: "applied" });
    expect(JSON.stringify(approved)).not.toContain("secret-1");
    expect(created).toEqual([{ name: "Treasury bot", permissions: ["MANAGE", "TRANSACT"] }]);
    const [record] = await db.select().from(tokenRecords).where(eq(tokenRecords.tokenId, "Token:1"));
    expect(record).toMatchObject({
      createdByEmail: "ada@example.com",
      approvedByEmail: "sam@example.com",
      proposalId: proposal.id,
    });
    expect(record?.secretSealed).not.toContain("secret-1");
    const days = ((record?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    // Not for the approver; once for the proposer; then gone.
    await expect(collectTokenSecret(sam, "Token:1")).rejects.toMatchObject({ status: 404 });
    const collected = await collectTokenSecret({ ...ada, requestId: "req_ada_3" }, "Token:1");
    expect(collected.clientSecret).toBe("secret-1-abcdefghijklmnopqrstuvwxyz");
    await expect(collectTokenSecret({ ...ada, requestId: "req_ada_4" }, "Token:1")).rejects.toMatchObject({
      status: 404,
    });
    const [after] = await db.select().from(tokenRecords).where(eq(tokenRecords.tokenId, "Token:1"));
    expect(after?.secretSealed).toBeNull();

    // The audit log never holds the secret.
    const rows = await db.select({ summary: auditEvents.summary }).from(auditEvents);
    expect(JSON.stringify(rows)).not.toContain("secret-1");
    expect(rows.length).toBeGreaterThan(0);
  });

  it("refuses a proposal of a View-only token, and a lifetime that is not offered", async () => {
    const { tokenProposalBodySchema } = await import("../four-eyes/token-proposals");
    expect(tokenProposalBodySchema.safeParse({ name: "Reports", permissions: ["VIEW"] }).success).toBe(false);
    expect(
      tokenProposalBodySchema.safeParse({ name: "Bot", permissions: ["MANAGE"], expiresInDays: 3650 })
        .success,
    ).toBe(false);
    expect(tokenProposalBodySchema.parse({ name: "Bot", permissions: ["MANAGE"] }).expiresInDays).toBe(90);
  });

  it("is not created when its proposer has been disabled since: the proposal is closed", async () => {
    const { proposeToken } = await import("../four-eyes/token-proposals");
    const { approveProposal } = await import("../four-eyes/decide-proposal");
    const [row] = await db
      .insert(users)
      .values({ email: "lee@example.com", name: "Lee", role: "admin" })
      .returning();
    const lee = who(row as never, "req_lee");
    const proposal = await proposeToken(lee, async () => ({
      name: "Left-behind bot",
      permissions: ["MANAGE"],
      expiresInDays: 30,
    }));
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, lee.user.id));
    const before = created.length;
    await expect(approveProposal(sam, proposal.id)).rejects.toMatchObject({
      status: 409,
      code: "PROPOSER_LEFT",
    });
    expect(created).toHaveLength(before);
    const { findProposal } = await import("../config/proposals");
    expect((await findProposal(proposal.id))?.status).toBe("superseded");
  });
});
