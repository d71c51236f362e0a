import { beforeEach, describe, expect, it, vi } from "vitest";
import { PROXY_ROUTES } from "../../../universal/relay/route-table";
import type { HeldAnswer, RelayContext } from "./step";
import { tokenFourEyesStep } from "./token-four-eyes";

// Issue 46 item 3: POST /tokens through the relay creates a View token only; Transact or Manage needs a second admin.
const store = vi.hoisted(() => ({ records: [] as Record<string, unknown>[] }));

vi.mock("../../tokens/records", () => ({
  insertTokenRecord: async (record: Record<string, unknown>) => {
    store.records.push(record);
  },
  markRevoked: async () => {},
}));

vi.mock("../../environments/current", () => ({ currentEnvironment: () => "sandbox" }));

const route = PROXY_ROUTES.find((entry) => entry.method === "POST" && entry.path === "/tokens");

function context(parsedBody: unknown, headers: Record<string, string> = {}): RelayContext {
  return {
    route,
    action: "token.create",
    requestId: "req-1",
    parsedBody,
    headers: { get: (name: string) => headers[name] ?? null },
    guarded: { user: { id: "u1", email: "admin@example.com", role: "admin" }, requestId: "req-1" },
  } as unknown as RelayContext;
}

const created = (permissions: string[]): HeldAnswer => {
  const json = {
    id: "Token:1",
    name: "Reporting",
    permissions,
    clientId: "tok_1",
    clientSecret: "s3cret",
    createdAt: "2026-01-01T00:00:00Z",
    updatedAt: "2026-01-01T00:00:00Z",
  };
  return {
    status: 201,
    headers: {},
    text: JSON.stringify(json),
    json,
    outcome: "allowed",
    upstreamStatus: 201,
  };
};

describe("the relay's token step", () => {
  beforeEach(() => {
    store.records = [];
  });

  it.each([[["TRANSACT"]], [["MANAGE"]], [["VIEW", "MANAGE", "TRANSACT"]]])(
    "refuses %j with 409 SECOND_ADMIN_REQUIRED and sends nothing",
    async (permissions) => {
      const next = vi.fn(async () => {});
      const ctx = context({ name: "Treasury", permissions });
      await tokenFourEyesStep(ctx, next);
      expect(next).not.toHaveBeenCalled();
      expect(ctx.answer?.status).toBe(409);
      expect(ctx.answer?.outcome).toBe("refused");
      expect(ctx.answer?.failureCode).toBe("SECOND_ADMIN_REQUIRED");
      expect(store.records).toEqual([]);
    },
  );

  it("creates a View token and records who made it and its expiry, 90 days unless another lifetime is chosen", async () => {
    const ctx = context(
      { name: "Reporting", permissions: ["VIEW"] },
      { "x-console-token-expiry-days": "30" },
    );
    const next = vi.fn(async () => {
      ctx.answer = created(["VIEW"]);
    });
    const before = Date.now();
    await tokenFourEyesStep(ctx, next);
    expect(next).toHaveBeenCalledOnce();
    expect(store.records).toHaveLength(1);
    const record = store.records[0] ?? {};
    expect(record).toMatchObject({
      tokenId: "Token:1",
      createdByEmail: "admin@example.com",
      clientId: "tok_1",
    });
    expect(record).not.toHaveProperty("secretSealed");
    const days = ((record.expiresAt as Date).getTime() - before) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it("refuses a lifetime that is not offered, sending nothing", async () => {
    const next = vi.fn(async () => {});
    const ctx = context(
      { name: "Reporting", permissions: ["VIEW"] },
      { "x-console-token-expiry-days": "3650" },
    );
    await tokenFourEyesStep(ctx, next);
    expect(next).not.toHaveBeenCalled();
    expect(ctx.answer?.status).toBe(400);
  });
});
