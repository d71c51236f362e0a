import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FourEyesSetting } from "../../universal/config/four-eyes-rule";
import type { ConsoleUser } from "../auth/session-user";
import type { ConsoleDatabase } from "../db/client";
import { configProposals, users } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";

let db: ConsoleDatabase;
let proposals: typeof import("./proposals");
const admin = {
  id: "00000000-0000-4000-8000-000000000001",
  email: "ada@example.com",
  name: "Ada",
  role: "admin",
} as ConsoleUser;

const setting = (parts: Partial<FourEyesSetting["config"]>): FourEyesSetting => ({
  config: { supportedCurrencies: false, umaDomain: false, webhookEndpoint: true, ...parts },
});

beforeAll(async () => {
  // The module reads the console's database from the environment, as in the server.
  ({ db } = await useConsoleTestDatabase("four_eyes_setting"));
  await db.insert(users).values({ id: admin.id, email: admin.email, name: admin.name, role: "admin" });
  proposals = await import("./proposals");
});

afterAll(async () => {
  await db?.pool.end();
});

describe("the four-eyes setting", () => {
  it("is written only over the setting a change was judged against: two changes at once cannot lose one", async () => {
    const off = setting({});
    // The first write ever, over "never set" (all off but the webhook endpoint's, which always is on).
    await proposals.writeFourEyes(setting({ umaDomain: true }), admin, off);
    expect(await proposals.readFourEyes()).toEqual(setting({ umaDomain: true }));
    // Another admin turns the supported currencies on meanwhile...
    await proposals.writeFourEyes(
      setting({ umaDomain: true, supportedCurrencies: true }),
      admin,
      setting({ umaDomain: true }),
    );
    // ...so a change judged against the setting before it (here, an approved "UMA domain off") is refused, and the
    // currencies' part stays on: written whole, it would have turned it off with no second admin.
    await expect(proposals.writeFourEyes(off, admin, setting({ umaDomain: true }))).rejects.toMatchObject({
      status: 409,
      code: "FOUR_EYES_CHANGED",
    });
    expect(await proposals.readFourEyes()).toEqual(setting({ umaDomain: true, supportedCurrencies: true }));
  });
});

describe("a proposal whose change did not happen", () => {
  it("waits again, or gives way to one proposed meanwhile: never left applied", async () => {
    const propose = (requestId: string) =>
      proposals.createProposal({
        kind: "four-eyes",
        body: setting({}),
        before: setting({ umaDomain: true }),
        diff: [],
        user: admin,
        requestId,
      });
    const first = await propose("req_first");
    await proposals.decideProposal(first.id, "applied", admin, "req_approve");
    await proposals.reopenProposal(first.id);
    expect((await proposals.findProposal(first.id))?.status).toBe("proposed");

    // Approved again; meanwhile (it no longer waited) another of its kind is proposed; then its change fails.
    await proposals.decideProposal(first.id, "applied", admin, "req_approve_again");
    const second = await propose("req_second");
    await proposals.reopenProposal(first.id);
    expect((await proposals.findProposal(first.id))?.status).toBe("superseded");
    expect((await proposals.findProposal(second.id))?.status).toBe("proposed");
    await db.delete(configProposals);
  });
});
