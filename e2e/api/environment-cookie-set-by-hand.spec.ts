import { expect, request as playwrightRequest, test } from "@playwright/test";
import { demoUser } from "../support/environment";
import { signInRequest } from "../support/session";
import { queryConsoleDatabase } from "../support/webhooks";

// Issue 46 item 14b: the environment changes only through the console's own switch, which is audited. A cookie set
// by hand (the browser's developer tools, a script) is ignored, and the attempt is on record.

async function environmentOf(context: Awaited<ReturnType<typeof playwrightRequest.newContext>>) {
  const response = await context.get("/api/environment");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { environment: string }).environment;
}

test("an environment cookie set by hand changes nothing and is recorded; the console's own switch works", async ({
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin } });
  await signInRequest(admin, "admin");
  expect(await environmentOf(admin)).toBe("sandbox");
  const [before] = await queryConsoleDatabase<{ id: string }>(
    "select coalesce(max(id), 0)::text as id from audit_events",
  );

  // The same session, with the environment cookie written by hand.
  const state = await admin.storageState();
  const { hostname } = new URL(origin);
  const byHand = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin },
    storageState: {
      origins: state.origins,
      cookies: [
        ...state.cookies,
        {
          name: "console-environment",
          value: "production",
          domain: hostname,
          path: "/",
          expires: -1,
          httpOnly: true,
          secure: false,
          sameSite: "Lax",
        },
      ],
    },
  });
  expect(await environmentOf(byHand)).toBe("sandbox");
  const email = demoUser("admin").email;
  await expect
    .poll(async () =>
      (
        await queryConsoleDatabase<{ outcome: string; summary: Record<string, unknown> }>(
          `select outcome, summary from audit_events
           where id > $1 and action = 'environment.switch' and actor_email = $2 order by id`,
          [before?.id ?? "0", email],
        )
      ).map((row) => [row.outcome, row.summary.from, row.summary.to, row.summary.via]),
    )
    .toEqual([
      ["attempted", "sandbox", "production", "cookie"],
      ["refused", "sandbox", "production", "cookie"],
    ]);

  // The console's own switch: audited, and its cookie is honoured.
  const switched = await admin.put("/api/environment", { data: { environment: "production" } });
  expect(switched.status()).toBe(200);
  expect(await environmentOf(admin)).toBe("production");
  expect((await admin.put("/api/environment", { data: { environment: "sandbox" } })).status()).toBe(200);
  expect(await environmentOf(admin)).toBe("sandbox");
  await byHand.dispose();
  await admin.dispose();
});
