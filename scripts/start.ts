// npm start — the whole product on one machine: embedded PostgreSQL, the local payment service and the console.
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrateConsoleDatabase } from "../lib/db/migrate";
import { BASE_PATH } from "../service/config";
import { migrateServiceDatabase } from "../service/db/migrate";
import { consoleServerArguments } from "./lib/console-server";
import { demoUsersFile, seedDemoUsersIfEmpty } from "./lib/demo-users";
import { type EmbeddedDatabase, ensureDatabase, startEmbeddedPostgres } from "./lib/embedded-postgres";
import { isPortFree } from "./lib/free-port";
import { ensureLocalSecrets } from "./lib/local-secrets";
import { isBuildStale, runNextBuild } from "./lib/next-build";
import { type ManagedProcess, startProcess, waitForHttp } from "./lib/processes";
import { seedDemoIfEmpty, seedDemoPendingPaymentNow } from "./lib/seed";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = process.env;
const dataDir = path.resolve(root, env.DATA_DIR ?? ".data");
const consolePort = Number(env.CONSOLE_PORT ?? env.PORT ?? 3000);
const consoleHost = env.CONSOLE_HOST ?? "127.0.0.1";
const servicePort = Number(env.SERVICE_PORT ?? 4010);
const postgresPort = Number(env.EMBEDDED_POSTGRES_PORT ?? 54329);
const startedAt = Date.now();

// Everything the programs print is also kept in <data dir>/logs/start.log, so it can be searched afterwards
// (the e2e suite checks that no secret ever reaches it).
mkdirSync(path.join(dataDir, "logs"), { recursive: true });
const logFile = createWriteStream(path.join(dataDir, "logs", "start.log"), { flags: "a" });
const log = (message: string) => {
  process.stdout.write(`[start] ${message}\n`);
  logFile.write(`${new Date().toISOString()} [start] ${message}\n`);
};

let database: EmbeddedDatabase | undefined;
const processes: ManagedProcess[] = [];
let shuttingDown = false;

async function shutdown(code: number): Promise<never> {
  if (!shuttingDown) {
    shuttingDown = true;
    log("stopping…");
    // The console first (it uses the service), then the service, then the database they both use.
    for (const managed of [...processes].reverse()) await managed.stop();
    await database?.stop().catch(() => {});
    log("stopped");
  }
  process.exit(code);
}

function watch(managed: ManagedProcess) {
  processes.push(managed);
  void managed.exited.then((exitCode) => {
    if (shuttingDown) return;
    log(`${managed.name} exited unexpectedly (code ${exitCode}); stopping everything`);
    void shutdown(1);
  });
}

async function main() {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown(0));

  const secretsDir = path.join(dataDir, "secrets");
  const secrets = ensureLocalSecrets(secretsDir);
  const externalApi = env.PAYMENT_API_BASE_URL;
  if (externalApi && !(env.PAYMENT_API_TOKEN_ID && env.PAYMENT_API_CLIENT_SECRET)) {
    throw new Error("PAYMENT_API_BASE_URL needs PAYMENT_API_TOKEN_ID and PAYMENT_API_CLIENT_SECRET as well");
  }

  let consoleDatabaseUrl = env.DATABASE_URL;
  let serviceDatabaseUrl = env.SERVICE_DATABASE_URL;
  if (!consoleDatabaseUrl || (!externalApi && !serviceDatabaseUrl)) {
    if (!(await isPortFree(postgresPort))) {
      throw new Error(
        `port ${postgresPort} for the embedded PostgreSQL is in use (set EMBEDDED_POSTGRES_PORT)`,
      );
    }
    log(`starting PostgreSQL (data in ${path.relative(root, path.join(dataDir, "postgres")) || "."})`);
    database = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, "postgres"),
      port: postgresPort,
      password: secrets.databasePassword,
      persistent: true,
    });
    if (!consoleDatabaseUrl) {
      await ensureDatabase(database.serverUrl, "console");
      consoleDatabaseUrl = database.urlFor("console");
    }
    if (!externalApi && !serviceDatabaseUrl) {
      await ensureDatabase(database.serverUrl, "payment_service");
      serviceDatabaseUrl = database.urlFor("payment_service");
    }
  }
  await migrateConsoleDatabase(consoleDatabaseUrl);
  const demoUsers =
    env.SEED_DEMO !== "false" ? await seedDemoUsersIfEmpty(consoleDatabaseUrl, secretsDir) : [];

  let apiBaseUrl = externalApi;
  let seededService = false;
  let serviceEnvForSeed: NodeJS.ProcessEnv | undefined;
  let tokenId = env.PAYMENT_API_TOKEN_ID;
  let clientSecret = env.PAYMENT_API_CLIENT_SECRET;
  if (!externalApi && serviceDatabaseUrl) {
    const serviceEnv = {
      ...env,
      SERVICE_DATABASE_URL: serviceDatabaseUrl,
      SERVICE_HOST: "127.0.0.1",
      SERVICE_PORT: String(servicePort),
      SERVICE_API_TOKEN_ID: secrets.apiTokenId,
      SERVICE_API_CLIENT_SECRET: secrets.apiClientSecret,
      SERVICE_WEBHOOK_PRIVATE_KEY_FILE: secrets.webhookPrivateKeyFile,
      SERVICE_LOG_LEVEL: env.SERVICE_LOG_LEVEL ?? "warn",
    };
    await migrateServiceDatabase(serviceDatabaseUrl);
    if (env.SEED_DEMO !== "false") {
      seededService = await seedDemoIfEmpty(serviceEnv, `http://${consoleHost}:${consolePort}/api/webhooks`);
      serviceEnvForSeed = serviceEnv;
      if (seededService) log("seeded the demo platform");
    }
    if (!(await isPortFree(servicePort)))
      throw new Error(`port ${servicePort} for the payment service is in use`);
    const service = startProcess(
      "service",
      process.execPath,
      ["--import", "tsx", path.join(root, "service", "server.ts")],
      serviceEnv,
      root,
      logFile,
    );
    watch(service);
    await waitForHttp(
      `http://127.0.0.1:${servicePort}/_local/health`,
      30_000,
      () => service.child.exitCode === null,
    );
    apiBaseUrl = `http://127.0.0.1:${servicePort}${BASE_PATH}`;
    tokenId = secrets.apiTokenId;
    clientSecret = secrets.apiClientSecret;
    log(`payment service ready on ${apiBaseUrl}`);
  }

  if (isBuildStale(root)) {
    log("building the console (next build)…");
    runNextBuild(root);
  }
  if (!(await isPortFree(consolePort, consoleHost)))
    throw new Error(`port ${consolePort} for the console is in use`);
  const consoleEnv: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: consoleDatabaseUrl,
    AUTH_SECRET: env.AUTH_SECRET ?? secrets.authSecret,
    PAYMENT_API_BASE_URL: apiBaseUrl,
    PAYMENT_API_TOKEN_ID: tokenId,
    PAYMENT_API_CLIENT_SECRET: clientSecret,
    PAYMENT_API_ENVIRONMENT: env.PAYMENT_API_ENVIRONMENT ?? "sandbox",
    WEBHOOK_PUBLIC_KEY: env.WEBHOOK_PUBLIC_KEY ?? (externalApi ? undefined : secrets.webhookPublicKeyPem),
    LOCAL_SERVICE: externalApi ? "false" : "true",
  };
  const consoleProcess = startProcess(
    "console",
    process.execPath,
    consoleServerArguments(root, consolePort, consoleHost),
    consoleEnv,
    root,
    logFile,
  );
  watch(consoleProcess);
  const consoleUrl = `http://localhost:${consolePort}`;
  await waitForHttp(
    `http://${consoleHost}:${consolePort}/api/health`,
    60_000,
    () => consoleProcess.child.exitCode === null,
  );

  if (seededService && serviceEnvForSeed) {
    await seedDemoPendingPaymentNow(serviceEnvForSeed);
    log("a demo payment is waiting for approval");
  }

  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  log(`ready in ${seconds} s`);
  log(`console:  ${consoleUrl}`);
  if (!externalApi)
    log(`payment API: ${apiBaseUrl} (credential in ${path.relative(root, dataDir)}/secrets/secrets.json)`);
  if (demoUsers.length > 0) {
    log("sign in as one of the demo users (passwords generated at first start, kept in");
    log(`  ${path.relative(root, demoUsersFile(secretsDir))}):`);
    // Passwords go to the terminal only, never into the log file.
    for (const user of demoUsers) {
      process.stdout.write(`[start]   ${user.role.padEnd(10)} ${user.email.padEnd(24)} ${user.password}\n`);
    }
  } else {
    log("sign in with a user created by `npm run user:create`");
  }
  log("press Ctrl-C to stop");
}

main().catch(async (error: unknown) => {
  log(`failed: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
});
