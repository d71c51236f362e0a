import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ConfigSettings } from "../../../universal/config/diff";
import { FOUR_EYES_DEFAULT, type FourEyesSetting } from "../../../universal/config/four-eyes-rule";
import { PROXY_ROUTES } from "../../../universal/relay/route-table";
import { configFourEyesStep } from "./config-four-eyes";
import { chain, type RelayContext } from "./step";

const store = vi.hoisted(() => ({
  setting: undefined as unknown,
  created: [] as Record<string, unknown>[],
}));

vi.mock("../../config/proposals", () => ({
  readFourEyes: async () => store.setting,
  createProposal: async (proposal: Record<string, unknown>) => {
    store.created.push(proposal);
    return {
      id: "6f1c2d3e-0000-4000-8000-000000000001",
      kind: "config",
      diff: proposal.diff,
      proposerId: "u1",
      proposerEmail: "admin@example.com",
      proposalRequestId: proposal.requestId,
      createdAt: new Date("2026-01-01T00:00:00Z"),
      status: "proposed",
      deciderEmail: null,
      decidedAt: null,
      decisionRequestId: null,
    };
  },
  proposalOf: (row: Record<string, unknown>) => ({ id: row.id, kind: row.kind, diff: row.diff }),
}));

const before: ConfigSettings = {
  umaDomain: "demo.uma.localhost",
  webhookEndpoint: "",
  supportedCurrencies: [
    { currencyCode: "USD", minAmount: 1, maxAmount: 100, requiredCounterpartyFields: [] },
  ],
};
const gbp = { currencyCode: "GBP", minAmount: 1, maxAmount: 100, requiredCounterpartyFields: [] };
const route = PROXY_ROUTES.find((entry) => entry.method === "PATCH" && entry.path === "/config");

function context(parsedBody: unknown, configBefore: ConfigSettings | null = before): RelayContext {
  return {
    route,
    action: "config.update",
    requestId: "req-1",
    parsedBody,
    configBefore,
    guarded: { user: { id: "u1", email: "admin@example.com", role: "admin" }, requestId: "req-1" },
  } as unknown as RelayContext;
}

const on = (parts: Partial<FourEyesSetting["config"]>) => ({
  config: { ...FOUR_EYES_DEFAULT.config, ...parts },
});

describe("the relay's four-eyes step for configuration changes", () => {
  beforeEach(() => {
    store.setting = FOUR_EYES_DEFAULT;
    store.created = [];
  });

  it("sends the change when no part it changes needs a second admin", async () => {
    store.setting = on({ umaDomain: true });
    const next = vi.fn(async () => {});
    const ctx = context({ supportedCurrencies: [...before.supportedCurrencies, gbp] });
    await configFourEyesStep(ctx, next);
    expect(next).toHaveBeenCalledOnce();
    expect(ctx.answer).toBeUndefined();
    expect(store.created).toEqual([]);
  });

  it("stores a change that needs a second admin as a proposal and answers 202, without sending it", async () => {
    store.setting = on({ supportedCurrencies: true });
    const next = vi.fn(async () => {});
    const body = { supportedCurrencies: [...before.supportedCurrencies, gbp] };
    const ctx = context(body);
    await configFourEyesStep(ctx, next);
    expect(next).not.toHaveBeenCalled();
    expect(ctx.answer?.status).toBe(202);
    expect(ctx.answer?.interim).toBe(true);
    expect(ctx.answer?.auditSummary).toEqual({
      fourEyes: "proposed",
      proposalId: "6f1c2d3e-0000-4000-8000-000000000001",
    });
    expect(store.created[0]).toMatchObject({
      kind: "config",
      body,
      before,
      diff: [{ kind: "currency", change: { kind: "added", currency: gbp } }],
      requestId: "req-1",
    });
  });

  it("always stores a change of the webhook endpoint as a proposal: its answer approves payments (decision 0091)", async () => {
    // Even under a setting stored with the endpoint's switch off.
    store.setting = { config: { supportedCurrencies: false, umaDomain: false, webhookEndpoint: false } };
    const next = vi.fn(async () => {});
    const ctx = context({ webhookEndpoint: "https://approves-everything.example.com/hook" });
    await configFourEyesStep(ctx, next);
    expect(next).not.toHaveBeenCalled();
    expect(ctx.answer?.status).toBe(202);
    expect(store.created[0]).toMatchObject({
      kind: "config",
      diff: [
        {
          kind: "webhookEndpoint",
          from: before.webhookEndpoint,
          to: "https://approves-everything.example.com/hook",
        },
      ],
    });
  });

  it("refuses (503, nothing sent) a change that needs a second admin when the configuration before is unknown", async () => {
    store.setting = on({ supportedCurrencies: true });
    const next = vi.fn(async () => {});
    const ctx = context({ supportedCurrencies: [gbp] }, null);
    await configFourEyesStep(ctx, next);
    expect(next).not.toHaveBeenCalled();
    expect(ctx.answer?.status).toBe(503);
    expect(ctx.answer?.failureCode).toBe("CONFIG_UNREADABLE");
  });

  it("leaves other actions alone", async () => {
    store.setting = on({ supportedCurrencies: true });
    const next = vi.fn(async () => {});
    // A body that would be a proposal under config.update: another action is sent as it is.
    const body = { supportedCurrencies: [...before.supportedCurrencies, gbp] };
    const ctx = { ...context(body), action: "customer.create" } as RelayContext;
    // Through the chain, which passes over a step whose condition refuses the request.
    await chain([configFourEyesStep, next])(ctx);
    expect(next).toHaveBeenCalledOnce();
    expect(store.created).toEqual([]);
  });
});
