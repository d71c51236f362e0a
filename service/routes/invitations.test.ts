import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitationClaimedWebhookSchema, invitationSchema } from "../../shared/contract";
import { invitations } from "../db/schema";
import {
  advanceClock,
  configurePlatform,
  createCustomer,
  getJson,
  postJson,
  type TestCustomer,
} from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";
import { startWebhookReceiver, type WebhookReceiver } from "../test-support/webhook-receiver";

let service: TestService;
let receiver: WebhookReceiver;
let alice: TestCustomer;

beforeAll(async () => {
  service = await startTestService();
  receiver = await startWebhookReceiver();
  await configurePlatform(service, { webhookEndpoint: receiver.url, currencies: [{ currencyCode: "USD" }] });
  alice = await createCustomer(service);
});
afterAll(async () => {
  await service.close();
  await receiver.close();
});

const invite = (body: Record<string, unknown> = {}) =>
  postJson(service, "/invitations", { inviterUma: alice.umaAddress, ...body });
const claim = (code: string, inviteeUma = "$friend@other.example") =>
  postJson(service, `/invitations/${code}/claim`, { inviteeUma });

describe("POST /invitations", () => {
  it("creates a PENDING invitation with a claim URL the service itself answers", async () => {
    const { status, body } = await invite({
      firstName: "Alice",
      amountToSend: { amount: 2_500, currency: "USD" },
    });
    expect(status).toBe(200);
    expect(invitationSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      code: expect.stringMatching(/^[A-Z2-9]{10}$/),
      inviterUma: alice.umaAddress,
      status: "PENDING",
      firstName: "Alice",
      amountToSend: { amount: 2_500, currency: { code: "USD", decimals: 2 } },
    });
    // The service's public URL (here its origin) then /i/<code>: api-notes §7's form, and the invitee's page.
    expect(body.url).toBe(`${service.origin}/i/${body.code}`);
    expect(new Date(body.expiresAt).getTime() - new Date(body.createdAt).getTime()).toBe(30 * 86_400_000);
  });

  it("takes amountToSend as the reference's integer, in the smallest unit of the inviter's currency", async () => {
    const { status, body } = await invite({ amountToSend: 1_250 });
    expect(status).toBe(200);
    expect(body.amountToSend).toEqual({ amount: 1_250, currency: expect.objectContaining({ code: "USD" }) });
    for (const amountToSend of [0, -5, 12.5, "1250"]) {
      const refused = await invite({ amountToSend });
      expect(refused.status, String(amountToSend)).toBe(400);
      expect(refused.body.code).toBe("INVALID_INPUT");
    }
  });

  it("gives every invitation its own code", async () => {
    const codes = await Promise.all(Array.from({ length: 10 }, async () => (await invite()).body.code));
    expect(new Set(codes).size).toBe(10);
  });

  const invalid: [string, Record<string, unknown>, number, string][] = [
    ["an inviter who is not a customer", { inviterUma: "$nobody@uma.localhost" }, 404, "USER_NOT_FOUND"],
    ["a malformed inviter address", { inviterUma: "alice" }, 400, "INVALID_INPUT"],
    ["an expiry in the past", { expiresAt: "2000-01-01T00:00:00Z" }, 400, "INVALID_INPUT"],
    ["an unsupported currency", { amountToSend: { amount: 1, currency: "JPY" } }, 400, "INVALID_CURRENCY"],
    ["a name with digits", { firstName: "R2D2" }, 400, "INVALID_INPUT"],
    ["an unknown field", { colour: "red" }, 400, "INVALID_INPUT"],
  ];
  for (const [label, body, status, code] of invalid) {
    it(`refuses ${label} with ${status} ${code}`, async () => {
      const response = await invite(body);
      expect(response.status).toBe(status);
      expect(response.body.code).toBe(code);
    });
  }

  it("refuses a wrong credential with 401", async () => {
    const response = await service.api("/invitations", {
      method: "POST",
      headers: { authorization: "Basic eDp5" },
      json: { inviterUma: alice.umaAddress },
    });
    expect(response.status).toBe(401);
  });
});

describe("GET /invitations/{code}", () => {
  it("returns the invitation, or 404 INVITATION_NOT_FOUND", async () => {
    const created = (await invite()).body;
    const { status, body } = await getJson(service, `/invitations/${created.code}`);
    expect(status).toBe(200);
    expect(body).toEqual(created);
    const missing = await getJson(service, "/invitations/NOSUCHCODE");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("INVITATION_NOT_FOUND");
  });
});

describe("POST /invitations/{code}/claim", () => {
  it("claims once, sends INVITATION_CLAIMED, and refuses a second claim", async () => {
    const created = (await invite()).body;
    const { status, body } = await claim(created.code, "$Friend@Other.example");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "CLAIMED",
      inviteeUma: "$friend@other.example",
      claimedAt: expect.any(String),
    });
    const webhook = await receiver.waitFor(
      (w) =>
        w.body.type === "INVITATION_CLAIMED" && (w.body.invitation as { code: string }).code === created.code,
    );
    expect(invitationClaimedWebhookSchema.safeParse(webhook.body).success).toBe(true);
    expect(webhook.body.invitation).toEqual(body);
    const again = await claim(created.code, "$other@other.example");
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVITATION_ALREADY_CLAIMED");
    expect((await getJson(service, `/invitations/${created.code}`)).body.inviteeUma).toBe(
      "$friend@other.example",
    );
  });

  it("lets exactly one of many concurrent claims win", async () => {
    const created = (await invite()).body;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => claim(created.code, `$friend${i}@other.example`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === "INVITATION_ALREADY_CLAIMED")).toHaveLength(9);
  });

  it("cancels a pending invitation once; a cancelled one cannot be claimed", async () => {
    const created = (await invite()).body;
    const cancel = (code: string) => service.api(`/invitations/${code}/cancel`, { method: "POST" });
    const cancelled = await cancel(created.code);
    expect(cancelled.status).toBe(200);
    const body = await cancelled.json();
    expect(invitationSchema.parse(body)).toMatchObject({ code: created.code, status: "CANCELLED" });
    expect((await getJson(service, `/invitations/${created.code}`)).body.status).toBe("CANCELLED");
    const { status, body: refused } = await claim(created.code);
    expect(status).toBe(400);
    expect(refused.code).toBe("INVITATION_CANCELLED");
    const twice = await cancel(created.code);
    expect(twice.status).toBe(400);
    expect((await twice.json()).code).toBe("INVITATION_CANCELLED");
    expect((await cancel("NOSUCHCODE")).status).toBe(404);

    const claimedOne = (await invite()).body;
    expect((await claim(claimedOne.code)).status).toBe(200);
    const late = await cancel(claimedOne.code);
    expect(late.status).toBe(400);
    expect((await getJson(service, `/invitations/${claimedOne.code}`)).body.status).toBe("CLAIMED");
  });

  it("lets a claim and a cancel race with exactly one winner", async () => {
    const created = (await invite()).body;
    const [claimed, cancelled] = await Promise.all([
      claim(created.code),
      service.api(`/invitations/${created.code}/cancel`, { method: "POST" }),
    ]);
    expect([claimed.status, cancelled.status].sort()).toEqual([200, 400]);
    const final = (await getJson(service, `/invitations/${created.code}`)).body.status;
    expect(final).toBe(claimed.status === 200 ? "CLAIMED" : "CANCELLED");
  });

  it("refuses the inviter's own address, a malformed address and an unknown code", async () => {
    const created = (await invite()).body;
    expect((await claim(created.code, alice.umaAddress)).status).toBe(400);
    expect((await claim(created.code, "friend")).body.code).toBe("INVALID_INPUT");
    expect((await postJson(service, `/invitations/${created.code}/claim`, {})).status).toBe(400);
    const unknown = await claim("NOSUCHCODE");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("INVITATION_NOT_FOUND");
  });

  it("reads an invitation past expiresAt as EXPIRED and refuses to claim it", async () => {
    const clock = await (
      await fetch(`${service.origin}/_local/clock`, { headers: { authorization: service.authorization } })
    ).json();
    const inAnHour = new Date(Date.parse(clock.now) + 3_600_000).toISOString();
    const created = (await invite({ expiresAt: inAnHour })).body;
    expect(created.status).toBe("PENDING");
    await advanceClock(service, 2 * 3_600);
    expect((await getJson(service, `/invitations/${created.code}`)).body.status).toBe("EXPIRED");
    const [stored] = await service.context.db
      .select()
      .from(invitations)
      .where(eq(invitations.code, created.code));
    expect(stored?.status).toBe("EXPIRED");
    const { status, body } = await claim(created.code);
    expect(status).toBe(400);
    expect(body.code).toBe("INVALID_INPUT");
  });
});
