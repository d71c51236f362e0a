import { type ChildProcess, spawn } from "node:child_process";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { consoleServerArguments } from "../../scripts/lib/console-server";
import { freePort } from "../../scripts/lib/free-port";
import { consoleDatabaseUrl, localSecrets } from "../support/environment";
import { signInRequest } from "../support/session";

/** A second console instance from the same build, started with a broken configuration. */
async function startBrokenConsole(env: NodeJS.ProcessEnv): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    consoleServerArguments(process.cwd(), port, "127.0.0.1"),
    {
      env: { ...env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      detached: true,
      stdio: "ignore",
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone: it exited on its own.
    }
  };
  // It must start and answer, broken as it is: a console that exits at start would fail closed by not serving.
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(`${url}/login`);
      break;
    } catch {
      if (exited || Date.now() > deadline) {
        stop();
        throw new Error(`the console did not start and answer (${exited ? "it exited" : "30 s passed"})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { url, stop };
}

const PROTECTED_API = [
  "/api/approvals",
  "/api/team",
  "/api/audit",
  "/api/payments/config",
  "/api/payments/customers",
];

function baseEnv(): NodeJS.ProcessEnv {
  const secrets = localSecrets();
  return {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR,
    DATABASE_URL: consoleDatabaseUrl(),
    AUTH_SECRET: secrets.authSecret,
    PAYMENT_API_BASE_URL: `http://127.0.0.1:${Number(process.env.E2E_SERVICE_PORT ?? 4110)}/2025-10-13`,
    PAYMENT_API_TOKEN_ID: secrets.apiTokenId,
    PAYMENT_API_CLIENT_SECRET: secrets.apiClientSecret,
  };
}

test("without its database the console answers 503 to a signed-in person, never 200", async ({ baseURL }) => {
  // A session made by the healthy instance; the broken one shares its secret but not its database.
  const healthy = await playwrightRequest.newContext({ baseURL });
  await signInRequest(healthy, "admin");
  const cookies = (await healthy.storageState()).cookies;
  const closedPort = await freePort();
  const broken = await startBrokenConsole({
    ...baseEnv(),
    DATABASE_URL: `postgres://postgres:x@127.0.0.1:${closedPort}/console`,
  });
  try {
    const client = await playwrightRequest.newContext({ baseURL: broken.url, maxRedirects: 0 });
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    for (const url of PROTECTED_API) {
      const response = await client.get(url, { headers: { cookie } });
      expect(response.status(), url).toBe(503);
    }
    const page = await client.get("/approvals", { headers: { cookie } });
    expect(page.status()).not.toBe(200);
    expect(page.headers().location ?? "").toContain("/login?error=unavailable");
    // Alive, not ready, and readiness names the database (the payment API still answers), nothing more.
    expect((await client.get("/api/health/live")).status()).toBe(200);
    expect((await client.get("/api/health")).status()).toBe(503);
    const ready = await client.get("/api/health/ready");
    expect(ready.status()).toBe(503);
    expect(await ready.json()).toEqual({
      status: "unavailable",
      checks: { database: "down", paymentApi: "ok" },
    });
  } finally {
    broken.stop();
  }
});

test("without the payment API the console is alive and serves, but not ready, and says why", async () => {
  const broken = await startBrokenConsole({
    ...baseEnv(),
    PAYMENT_API_BASE_URL: `http://127.0.0.1:${await freePort()}/2025-10-13`,
  });
  try {
    const client = await playwrightRequest.newContext({ baseURL: broken.url, maxRedirects: 0 });
    expect((await client.get("/api/health/live")).status()).toBe(200);
    expect((await client.get("/api/health")).status()).toBe(200);
    const ready = await client.get("/api/health/ready");
    expect(ready.status()).toBe(503);
    expect(await ready.json()).toEqual({
      status: "unavailable",
      checks: { database: "ok", paymentApi: "down" },
    });
    expect(ready.headers()["cache-control"]).toBe("no-store");
  } finally {
    broken.stop();
  }
});

test("without its session secret the console serves no protected route", async () => {
  const env = baseEnv();
  delete env.AUTH_SECRET;
  const broken = await startBrokenConsole(env);
  try {
    const client = await playwrightRequest.newContext({ baseURL: broken.url, maxRedirects: 0 });
    for (const url of [...PROTECTED_API, "/approvals", "/"]) {
      const response = await client.get(url);
      expect([401, 503], url).toContain(response.status());
    }
  } finally {
    broken.stop();
  }
});
