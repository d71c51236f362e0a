import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitationClaimedWebhookSchema } from "../../shared/contract";
import { verifyWebhookSignature } from "../../shared/webhook-signature";
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

// The invitee's page at an invitation's url: GET shows it, POST claims it on the sandbox as the API's claim does.

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

interface Created {
  code: string;
  url: string;
}

const invite = async (body: Record<string, unknown> = {}): Promise<Created> => {
  const { status, body: created } = await postJson(service, "/invitations", {
    inviterUma: alice.umaAddress,
    ...body,
  });
  expect(status).toBe(200);
  return created as Created;
};

/** Claims through the page's form, as a browser posts it, with no API credential. */
const claimOnPage = (url: string, inviteeUma: string) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ inviteeUma }).toString(),
    redirect: "manual",
  });

const pageText = async (url: string) => {
  const response = await fetch(url);
  return { response, html: await response.text() };
};

describe("GET /i/{code}", () => {
  it("is the invitation's url, served without the API credential, as the invitee sees it", async () => {
    const created = await invite({ firstName: "Alice", amountToSend: { amount: 2_500, currency: "USD" } });
    expect(created.url).toBe(`${service.origin}/i/${created.code}`);
    const { response, html } = await pageText(created.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(html).toContain("<h1>Alice invites you to UMA</h1>");
    expect(html).toContain(alice.umaAddress);
    expect(html).toContain("$25.00 USD");
    expect(html).toMatch(/<dt>Expires<\/dt><dd>\d{1,2} \w+ \d{4} at \d\d:\d\d UTC<\/dd>/);
    expect(html).toContain("<strong>Open</strong>");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<label for="inviteeUma">Your UMA address</label>');
    expect(html).toMatch(/<button type="submit" class="primary">Claim invitation<\/button>/);
  });

  it("escapes an inviter's name and address that hold HTML", async () => {
    const created = await invite();
    await service.context.db
      .update(invitations)
      .set({ firstName: `<img src=x onerror="alert(1)">&Bob`, inviterUma: `$a<b>@x.example` })
      .where(eq(invitations.code, created.code));
    const { html } = await pageText(created.url);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;Bob invites you to UMA");
    expect(html).toContain("$a&lt;b&gt;@x.example");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>");
  });

  it("answers an unknown code with a page that says so", async () => {
    const { response, html } = await pageText(`${service.origin}/i/NOSUCHCODE`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html).toContain("<h1>Invitation not found</h1>");
  });
});

describe("POST /i/{code}", () => {
  it("claims once, as the API does: status, invitee, and an INVITATION_CLAIMED webhook signed as every webhook", async () => {
    const created = await invite({ amountToSend: 1_000 });
    const claimed = await claimOnPage(created.url, " $Friend@Other.example ");
    expect(claimed.status).toBe(303);
    expect(new URL(claimed.headers.get("location") ?? "", created.url).href).toBe(created.url);

    const stored = (await getJson(service, `/invitations/${created.code}`)).body;
    expect(stored).toMatchObject({ status: "CLAIMED", inviteeUma: "$friend@other.example" });
    const webhook = await receiver.waitFor(
      (w) =>
        w.body.type === "INVITATION_CLAIMED" && (w.body.invitation as { code: string }).code === created.code,
    );
    expect(invitationClaimedWebhookSchema.safeParse(webhook.body).success).toBe(true);
    expect(webhook.body.invitation).toEqual(stored);
    const header = webhook.headers[service.context.config.webhookSignatureHeader.toLowerCase()];
    expect(verifyWebhookSignature(service.publicKeyPem, webhook.rawBody, String(header))).toEqual({
      valid: true,
    });

    const { html } = await pageText(created.url);
    expect(html).toContain("<strong>Claimed</strong>");
    expect(html).toContain("This invitation has been claimed by $friend@other.example on ");
    expect(html).not.toContain("<form");

    // A second claim is refused, changes nothing and sends nothing.
    const again = await claimOnPage(created.url, "$other@other.example");
    expect(again.status).toBe(400);
    const refusal = await again.text();
    expect(refusal).toContain('role="alert"');
    expect(refusal).toContain("already claimed");
    expect(refusal).not.toContain("<form");
    expect((await getJson(service, `/invitations/${created.code}`)).body.inviteeUma).toBe(
      "$friend@other.example",
    );
    const claimedWebhooks = receiver.received.filter(
      (w) =>
        w.body.type === "INVITATION_CLAIMED" && (w.body.invitation as { code: string }).code === created.code,
    );
    expect(claimedWebhooks).toHaveLength(1);
  });

  it("refuses an address the API refuses, names the field, keeps what was typed escaped, and claims nothing", async () => {
    const created = await invite();
    for (const [typed, message] of [
      ["", /Your UMA address: /],
      [`"><b>friend`, /Your UMA address: /],
      [alice.umaAddress, /Is the inviter&#39;s own address/],
    ] as const) {
      const response = await claimOnPage(created.url, typed);
      expect(response.status, typed).toBe(400);
      const html = await response.text();
      expect(html).toMatch(message);
      expect(html).toContain('aria-invalid="true"');
      expect(html).not.toContain("<b>friend");
      expect((await getJson(service, `/invitations/${created.code}`)).body.status).toBe("PENDING");
    }
  });

  it("refuses a cancelled invitation, whose page says so and offers no claim", async () => {
    const created = await invite();
    expect((await service.api(`/invitations/${created.code}/cancel`, { method: "POST" })).status).toBe(200);
    const { html } = await pageText(created.url);
    expect(html).toContain("<strong>Cancelled</strong>");
    expect(html).toContain("The inviter cancelled this invitation. It can no longer be claimed.");
    expect(html).not.toContain("<form");
    const refused = await claimOnPage(created.url, "$late@other.example");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("was cancelled");
    expect((await getJson(service, `/invitations/${created.code}`)).body.status).toBe("CANCELLED");
  });

  it("refuses an expired invitation, whose page says so and offers no claim", async () => {
    const clock = await (
      await fetch(`${service.origin}/_local/clock`, { headers: { authorization: service.authorization } })
    ).json();
    const created = await invite({ expiresAt: new Date(Date.parse(clock.now) + 3_600_000).toISOString() });
    await advanceClock(service, 2 * 3_600);
    const { html } = await pageText(created.url);
    expect(html).toContain("<strong>Expired</strong>");
    expect(html).toContain("and can no longer be claimed.");
    expect(html).not.toContain("<form");
    const refused = await claimOnPage(created.url, "$late@other.example");
    expect(refused.status).toBe(400);
    expect((await getJson(service, `/invitations/${created.code}`)).body.status).toBe("EXPIRED");
  });
});
