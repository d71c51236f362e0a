import { describe, expect, it } from "vitest";
import {
  claimInvitationBodySchema,
  createInvitationBodySchema,
  invitationSchema,
  invitationStatusSchema,
} from "./invitations";

describe("invitationSchema", () => {
  const invitation = {
    code: "abc123",
    createdAt: "2025-01-01T00:00:00Z",
    url: "https://uma.example/i/abc123",
    inviterUma: "$ada@example.com",
    status: "PENDING",
  };

  it("parses required fields, optional ones, and keeps unknown fields", () => {
    expect(invitationSchema.parse({ ...invitation, campaign: "x" })).toMatchObject({ campaign: "x" });
    const claimed = {
      ...invitation,
      status: "CLAIMED",
      claimedAt: "2025-01-02T00:00:00Z",
      expiresAt: "2025-02-01T00:00:00Z",
      inviteeUma: "$bob@example.com",
      firstName: "Ada",
      amountToSend: { amount: 1000, currency: { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 } },
    };
    expect(invitationSchema.parse(claimed)).toEqual(claimed);
  });

  it("needs a known status and the required fields", () => {
    expect(invitationStatusSchema.options).toEqual(["PENDING", "CLAIMED", "EXPIRED", "CANCELLED"]);
    expect(invitationSchema.safeParse({ ...invitation, status: "CANCELED" }).success).toBe(false);
    expect(invitationSchema.safeParse({ ...invitation, url: undefined }).success).toBe(false);
  });
});

describe("createInvitationBodySchema", () => {
  it("needs inviterUma only", () => {
    expect(createInvitationBodySchema.parse({ inviterUma: "$Ada@example.com" })).toEqual({
      inviterUma: "$ada@example.com",
    });
    expect(createInvitationBodySchema.safeParse({}).error?.issues[0]?.path).toEqual(["inviterUma"]);
  });

  it("validates the optional fields", () => {
    const body = {
      inviterUma: "$ada@example.com",
      firstName: "Ada",
      amountToSend: { amount: 1000, currency: "USD" },
      expiresAt: "2025-02-01T00:00:00Z",
    };
    expect(createInvitationBodySchema.parse(body)).toEqual(body);
    expect(
      createInvitationBodySchema.safeParse({ ...body, amountToSend: { amount: 0, currency: "USD" } }).success,
    ).toBe(false);
    expect(
      createInvitationBodySchema.safeParse({ ...body, amountToSend: { amount: 10, currency: "usd" } })
        .success,
    ).toBe(false);
    expect(createInvitationBodySchema.safeParse({ ...body, firstName: "4da" }).success).toBe(false);
    expect(createInvitationBodySchema.safeParse({ ...body, expiresAt: "tomorrow" }).success).toBe(false);
    expect(createInvitationBodySchema.safeParse({ ...body, code: "mine" }).success).toBe(false);
  });
});

describe("claimInvitationBodySchema", () => {
  it("needs a valid inviteeUma and nothing else", () => {
    expect(claimInvitationBodySchema.parse({ inviteeUma: "$Bob@example.com" })).toEqual({
      inviteeUma: "$bob@example.com",
    });
    expect(claimInvitationBodySchema.safeParse({ inviteeUma: "bob@example.com" }).success).toBe(false);
    expect(claimInvitationBodySchema.safeParse({}).success).toBe(false);
    expect(claimInvitationBodySchema.safeParse({ inviteeUma: "$bob@example.com", code: "x" }).success).toBe(
      false,
    );
  });
});
