import { generateKeyPairSync } from "node:crypto";
import type { ServiceConfig } from "../config";
import { type HostedPlatforms, openPlatforms, type Platform } from "../platforms";
import { createTestDatabase } from "./database";
import { connectServiceApi, type ServiceApi } from "./service";

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

const SANDBOX_AUTHORIZATION = basic("test_token", "test_secret_0123456789");
const PRODUCTION_AUTHORIZATION = basic("prod_token", "prod_secret_0123456789");

function keyPair() {
  return generateKeyPairSync("ec", {
    namedCurve: "P-256",
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
}

export interface TestPlatforms {
  hosted: HostedPlatforms;
  sandbox: Platform & { publicKeyPem: string } & ServiceApi;
  production: Platform & { publicKeyPem: string } & ServiceApi;
  origin: string;
  /** fetch against the versioned base path with any authorization. */
  fetchAs(authorization: string, path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/** A service process's two platforms (sandbox and production) on fresh databases, behind one loopback port. */
export async function startTestPlatforms(): Promise<TestPlatforms> {
  const sandboxKey = keyPair();
  const productionKey = keyPair();
  const config: ServiceConfig = {
    databaseUrl: await createTestDatabase("sandbox"),
    host: "127.0.0.1",
    port: 0,
    publicUrl: "http://127.0.0.1",
    credentials: [
      { tokenId: "test_token", clientSecret: "test_secret_0123456789", environment: "sandbox" },
      { tokenId: "prod_token", clientSecret: "prod_secret_0123456789", environment: "production" },
    ],
    webhookPrivateKeyPem: sandboxKey.privateKey,
    webhookSignatureHeader: "X-Service-Signature",
    regulated: true,
    defaultUmaDomain: "uma.localhost",
    quoteTtlSeconds: 300,
    approvalTimeoutSeconds: 600,
    enableReset: false,
    logLevel: (process.env.SERVICE_TEST_LOG_LEVEL as ServiceConfig["logLevel"] | undefined) ?? "silent",
    productionPlatform: {
      databaseUrl: await createTestDatabase("production"),
      webhookPrivateKeyPem: productionKey.privateKey,
    },
  };
  const hosted = await openPlatforms(config, { poolSize: 5 });
  const port = await hosted.listen();
  const origin = `http://127.0.0.1:${port}`;
  const [sandbox, production] = hosted.platforms;
  if (!sandbox || !production) throw new Error("two platforms expected");
  sandbox.context.config.publicUrl = origin;
  production.context.config.publicUrl = `${origin}/production`;
  await hosted.startWorkers();
  const fetchAs: TestPlatforms["fetchAs"] = (authorization, path, init) =>
    connectServiceApi(origin, authorization).api(path, init);
  return {
    hosted,
    sandbox: {
      ...sandbox,
      publicKeyPem: sandboxKey.publicKey,
      ...connectServiceApi(origin, SANDBOX_AUTHORIZATION),
    },
    production: {
      ...production,
      publicKeyPem: productionKey.publicKey,
      ...connectServiceApi(origin, PRODUCTION_AUTHORIZATION),
    },
    origin,
    fetchAs,
    close: () => hosted.close(),
  };
}
