import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokenListSchema, apiTokenSchema } from "../../shared/contract";
import { startTestService, type TestService } from "../test-support/service";

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

type Json = Awaited<ReturnType<Response["json"]>>;

async function createToken(name: string, permissions: string[]): Promise<Json> {
  const response = await service.api("/tokens", { method: "POST", json: { name, permissions } });
  expect(response.status).toBe(201);
  return response.json();
}

const basic = (token: Json) =>
  `Basic ${Buffer.from(`${token.clientId}:${token.clientSecret}`).toString("base64")}`;
const as = (token: Json, path: string, init: RequestInit & { json?: unknown } = {}) =>
  service.api(path, { ...init, headers: { authorization: basic(token) } });

describe("API tokens", () => {
  it("shows the secret once, on creation; lists and reads tokens without it", async () => {
    const token = await createToken("Reporting", ["VIEW"]);
    expect(apiTokenSchema.parse(token)).toMatchObject({
      id: expect.stringMatching(/^Token:/),
      name: "Reporting",
      permissions: ["VIEW"],
      clientId: expect.stringMatching(/^tok_/),
      clientSecret: expect.any(String),
    });
    const read = await (await service.api(`/tokens/${token.id}`)).json();
    expect(read).not.toHaveProperty("clientSecret");
    expect(read.clientId).toBe(token.clientId);
    const list = apiTokenListSchema.parse(await (await service.api("/tokens?name=Reporting")).json());
    expect(list.data.map((t) => t.id)).toEqual([token.id]);
    expect(JSON.stringify(list)).not.toContain(token.clientSecret);
    expect(list).not.toHaveProperty("totalCount");
  });

  it("enforces each token's permissions on every call", async () => {
    const view = await createToken("Viewer", ["VIEW"]);
    const transact = await createToken("Payer", ["VIEW", "TRANSACT"]);
    const manage = await createToken("Admin", ["MANAGE"]);
    expect((await as(view, "/config")).status).toBe(200);
    expect((await as(view, "/transactions")).status).toBe(200);
    const refused = await as(view, "/config", { method: "PATCH", json: {} });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: "FORBIDDEN",
      details: { requiredPermission: "MANAGE" },
    });
    expect((await as(view, "/quotes", { method: "POST", json: {} })).status).toBe(403);
    expect((await as(view, "/tokens")).status).toBe(403);
    // TRANSACT passes the permission check and meets the body's validation (400), not a 403.
    expect((await as(transact, "/quotes", { method: "POST", json: {} })).status).toBe(400);
    expect((await as(transact, "/customers", { method: "POST", json: {} })).status).toBe(403);
    expect((await as(manage, "/config", { method: "PATCH", json: {} })).status).toBe(200);
    expect((await as(manage, "/quotes", { method: "POST", json: {} })).status).toBe(403);
    expect((await as(manage, "/config")).status).toBe(403);
  });

  it("lets a token grant only permissions it holds (issue 46 item 4): 403 FORBIDDEN, nothing created", async () => {
    const manage = await createToken("Manager", ["MANAGE"]);
    const before = apiTokenListSchema.parse(await (await service.api("/tokens?limit=100")).json()).data
      .length;
    for (const permissions of [
      ["TRANSACT"],
      ["VIEW"],
      ["MANAGE", "TRANSACT"],
      ["VIEW", "TRANSACT", "MANAGE"],
    ]) {
      const refused = await as(manage, "/tokens", {
        method: "POST",
        json: { name: "Escalated", permissions },
      });
      expect(refused.status, JSON.stringify(permissions)).toBe(403);
      const body = await refused.json();
      expect(body).toMatchObject({ status: 403, code: "FORBIDDEN", message: expect.any(String) });
      expect(body.details.missingPermissions).toEqual(permissions.filter((p) => p !== "MANAGE"));
    }
    const after = apiTokenListSchema.parse(
      await (await service.api("/tokens?limit=100&name=Escalated")).json(),
    );
    expect(after.data).toEqual([]);
    expect(apiTokenListSchema.parse(await (await service.api("/tokens?limit=100")).json()).data.length).toBe(
      before,
    );
    // What it holds, it may grant.
    const same = await as(manage, "/tokens", {
      method: "POST",
      json: { name: "Peer", permissions: ["MANAGE"] },
    });
    expect(same.status).toBe(201);
  });

  it("lets the platform's own credential (the console's) create a token with every permission", async () => {
    const all = await createToken("Everything", ["VIEW", "TRANSACT", "MANAGE"]);
    expect(all.permissions).toEqual(["VIEW", "TRANSACT", "MANAGE"]);
    // A token holding all three may grant any of them.
    const granted = await as(all, "/tokens", {
      method: "POST",
      json: { name: "Child", permissions: ["TRANSACT"] },
    });
    expect(granted.status).toBe(201);
  });

  it("refuses a wrong secret and a revoked token with 401; a revoked token is gone", async () => {
    const token = await createToken("Short-lived", ["VIEW"]);
    expect((await as({ ...token, clientSecret: "wrong" }, "/config")).status).toBe(401);
    expect((await as(token, "/config")).status).toBe(200);
    const revoked = await service.api(`/tokens/${token.id}`, { method: "DELETE" });
    expect(revoked.status).toBe(204);
    expect((await as(token, "/config")).status).toBe(401);
    expect((await service.api(`/tokens/${token.id}`)).status).toBe(404);
    expect((await service.api(`/tokens/${token.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("answers a client id no token could have (a NUL, other characters, too long) with 401 UNAUTHORIZED", async () => {
    const token = await createToken("Probed", ["VIEW"]);
    for (const clientId of [`${token.clientId}\u0000`, "tok_\u0000x", "tok_é", `tok_${"a".repeat(200)}`]) {
      const response = await as({ ...token, clientId }, "/config");
      expect(response.status, JSON.stringify(clientId)).toBe(401);
      expect((await response.json()).code).toBe("UNAUTHORIZED");
    }
  });

  it("refuses bad bodies with 400", async () => {
    for (const json of [
      { name: "x" },
      { name: "x", permissions: [] },
      { name: "x", permissions: ["ROOT"] },
      { name: "x", permissions: ["VIEW", "VIEW"] },
      { permissions: ["VIEW"] },
      { name: "x", permissions: ["VIEW"], clientSecret: "mine" },
    ]) {
      const response = await service.api("/tokens", { method: "POST", json });
      expect(response.status, JSON.stringify(json)).toBe(400);
    }
  });
});
