import { generateKeyPairSync } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { buildServiceApp } from "../app";
import { Clock } from "../clock";
import { BASE_PATH, type ServiceConfig } from "../config";
import type { ServiceContext } from "../context";
import { createServiceDatabase } from "../db/client";
import { migrateServiceDatabase } from "../db/migrate";
import { startWorker } from "../jobs/worker";
import type { LogDestination } from "../log";
import { createTestDatabase } from "./database";

export interface TestService {
  app: FastifyInstance;
  context: ServiceContext;
  /** e.g. http://127.0.0.1:41234/2025-10-13 */
  baseUrl: string;
  origin: string;
  publicKeyPem: string;
  authorization: string;
  /** fetch against the versioned base path with the sandbox credential. */
  api(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/** What HTTP tests need of a service: its API with the sandbox credential, wherever the service runs. */
export type ServiceApi = Pick<TestService, "api">;

/** fetch against the versioned base path of the service at `origin`, with `authorization` unless overridden. */
export function connectServiceApi(origin: string, authorization: string): ServiceApi {
  return {
    api(path, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (!headers.has("authorization")) headers.set("authorization", authorization);
      if (json !== undefined) headers.set("content-type", "application/json");
      return fetch(`${origin}${BASE_PATH}${path}`, {
        ...rest,
        headers,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    },
  };
}

/**
 * Starts a real service on a free loopback port over its own fresh database, as a black box for HTTP tests.
 * `overrides.databaseUrl` uses a database the caller made (outside vitest, where createTestDatabase cannot run);
 * `logDestination` receives the log lines (with `overrides.logLevel`) instead of stdout; `worker: false` leaves the
 * job queue's worker out, for a test that takes the database away from the service.
 */
export async function startTestService(
  overrides: Partial<ServiceConfig> = {},
  options: { logDestination?: LogDestination; worker?: boolean } = {},
): Promise<TestService> {
  const databaseUrl = overrides.databaseUrl ?? (await createTestDatabase("service"));
  await migrateServiceDatabase(databaseUrl);
  const { privateKey, publicKey } = generateKeyPairSync("ec", {
    namedCurve: "P-256",
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const config: ServiceConfig = {
    databaseUrl,
    host: "127.0.0.1",
    port: 0,
    publicUrl: "http://127.0.0.1",
    credentials: [
      { tokenId: "test_token", clientSecret: "test_secret_0123456789", environment: "sandbox" },
      { tokenId: "prod_token", clientSecret: "prod_secret_0123456789", environment: "production" },
    ],
    webhookPrivateKeyPem: privateKey,
    webhookSignatureHeader: "X-Service-Signature",
    regulated: true,
    defaultUmaDomain: "uma.localhost",
    quoteTtlSeconds: 300,
    approvalTimeoutSeconds: 600,
    enableReset: true,
    // SERVICE_TEST_LOG_LEVEL=error shows why a test's service answered 500 (the body never says).
    logLevel: (process.env.SERVICE_TEST_LOG_LEVEL as ServiceConfig["logLevel"] | undefined) ?? "silent",
    ...overrides,
  };
  const db = createServiceDatabase(databaseUrl, { max: 10 });
  const clock = new Clock(db);
  const context: ServiceContext = { config, db, clock };
  const app = await buildServiceApp(context, options);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== "object") throw new Error("service did not bind");
  const origin = `http://127.0.0.1:${address.port}`;
  config.publicUrl = origin;
  const worker = options.worker === false ? undefined : await startWorker(context);
  const authorization = `Basic ${Buffer.from("test_token:test_secret_0123456789").toString("base64")}`;
  return {
    app,
    context,
    baseUrl: `${origin}${BASE_PATH}`,
    origin,
    publicKeyPem: publicKey,
    authorization,
    api: connectServiceApi(origin, authorization).api,
    async close() {
      await app.close();
      await worker?.stop();
      await db.pool.end();
    },
  };
}
