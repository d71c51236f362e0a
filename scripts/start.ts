// npm start — the whole product on one machine: embedded PostgreSQL, the local payment service and the console,
// compiled (built first when missing or stale). npm run dev (--dev) — the same for development: the TypeScript
// sources, the console with hot reload and the service restarted when a file it imports changes.
import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrateConsoleDatabase } from "../lib/server/db/migrate";
import {
  CONSOLE_RUNTIME_ROLE,
  ensureRuntimeRole,
  grantRuntimeRole,
  runtimeUrl,
} from "../lib/server/db/runtime-role";
import { BASE_PATH } from "../service/config";
import { migrateServiceDatabase } from "../service/db/migrate";
import { DEMO_HISTORY_DAYS, demoOpening } from "../service/seed/demo";
import { build, staleParts } from "./lib/build";
import { runtimeDatabasePassword } from "./lib/console-database-url";
import { consoleServerArguments, type RunMode, serviceServerArguments } from "./lib/console-server";
import { demoPolicyApprovals, finishDemoPolicy } from "./lib/demo-policy";
import { demoUsersFile, seedDemoUsersIfEmpty } from "./lib/demo-users";
import { ensureDatabase, startEmbeddedPostgres } from "./lib/embedded-postgres";
import { isPortFree } from "./lib/free-port";
import { HealthMonitor, type HealthTarget } from "./lib/health-monitor";
import { ensureLocalSecrets } from "./lib/local-secrets";
import { OrphanGuard } from "./lib/orphan-guard";
import { claimPidFile, releasePidFile } from "./lib/pid-file";
import { startProcess, waitForHttp } from "./lib/processes";
import { ensureWebhookEndpoint, seedDemoIfEmpty, seedDemoPendingPaymentNow } from "./lib/seed";
import { type Run, Supervisor } from "./lib/supervisor";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = process.env;
const dataDir = path.resolve(root, env.DATA_DIR ?? ".data");
const consolePort = Number(env.CONSOLE_PORT ?? env.PORT ?? 3000);
const consoleHost = env.CONSOLE_HOST ?? "127.0.0.1";
const servicePort = Number(env.SERVICE_PORT ?? 4010);
const postgresPort = Number(env.EMBEDDED_POSTGRES_PORT ?? 54329);
const startedAt = Date.now();
const mode: RunMode = process.argv.includes("--dev") ? "development" : "production";

// Everything the programs print is also kept in <data dir>/logs/start.log, so it can be searched afterwards
// (the e2e suite checks that no secret ever reaches it).
mkdirSync(path.join(dataDir, "logs"), { recursive: true });
const logFile = createWriteStream(path.join(dataDir, "logs", "start.log"), { flags: "a" });
const log = (message: string) => {
  process.stdout.write(`[start] ${message}\n`);
  logFile.write(`${new Date().toISOString()} [start] ${message}\n`);
};

const pidFile = path.join(dataDir, "start.pid");
let guard: OrphanGuard | undefined;
/** In start order: PostgreSQL (when embedded), the service (when local), the console; stopped in reverse. */
const supervisors: Supervisor[] = [];
const healthTargets: HealthTarget[] = [];
const monitor = new HealthMonitor(() => healthTargets, log);
let shuttingDown = false;

async function shutdown(code: number): Promise<never> {
  if (!shuttingDown) {
    shuttingDown = true;
    monitor.stop();
    log("stopping…");
    // The console first (it uses the service), then the service, then the database they both use.
    for (const supervisor of [...supervisors].reverse()) await supervisor.stop().catch(() => {});
    await guard?.close();
    releasePidFile(pidFile);
    log("stopped");
  }
  process.exit(code);
}

function supervise(supervisor: Supervisor): Supervisor {
  supervisors.push(supervisor);
  return supervisor;
}

const giveUp = (message: string) => {
  if (shuttingDown) return;
  log(`${message}; stopping everything`);
  void shutdown(1);
};

/** The orphan guard stops the console before the service, and both before PostgreSQL. */
const STOP_ORDER = { console: 0, service: 1, PostgreSQL: 2 } as const;

/**
 * A start function for a program the launcher runs under supervision: started in its own process group, known to
 * the orphan guard from its first moment, ready when `readyUrl` answers; stopped again when it is not.
 */
function programRun(
  name: "console" | "service",
  args: string[],
  childEnv: NodeJS.ProcessEnv,
  readyUrl: string,
  timeoutMs: number,
): () => Promise<Run> {
  return async () => {
    const managed = startProcess(name, process.execPath, args, childEnv, root, logFile);
    const pid = managed.child.pid;
    if (pid !== undefined)
      guard?.watch({ name, pid, group: true, signal: "SIGTERM", order: STOP_ORDER[name] });
    const ended = managed.exited.then(() => {
      guard?.forget(pid);
      const { signalCode, exitCode } = managed.child;
      return signalCode ? `signal ${signalCode}` : `code ${exitCode}`;
    });
    try {
      await waitForHttp(
        readyUrl,
        timeoutMs,
        () => managed.child.exitCode === null && !managed.child.signalCode,
      );
    } catch (error) {
      await managed.stop();
      throw error;
    }
    return { pid, ended, stop: () => managed.stop() };
  };
}

async function main() {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown(0));
  claimPidFile(pidFile);
  guard = new OrphanGuard(pidFile, path.join(dataDir, "logs", "start.log"), log);
  if (mode === "production") {
    // After the pid file: a second launcher on this data directory stops before building into the same folders.
    const stale = staleParts(root);
    if (stale.length > 0) await build(root, stale, log);
  } else {
    log("development mode: the console with hot reload, the service restarted on change");
  }

  const secretsDir = path.join(dataDir, "secrets");
  const secrets = ensureLocalSecrets(secretsDir);
  const externalApi = env.PAYMENT_API_BASE_URL;
  if (externalApi && !(env.PAYMENT_API_TOKEN_ID && env.PAYMENT_API_CLIENT_SECRET)) {
    throw new Error("PAYMENT_API_BASE_URL needs PAYMENT_API_TOKEN_ID and PAYMENT_API_CLIENT_SECRET as well");
  }

  let consoleDatabaseUrl = env.DATABASE_URL;
  // The owner's URL for migrations (DATABASE_MIGRATION_URL, docs/CONFIGURATION.md); unset, migrations run on
  // DATABASE_URL as before.
  let consoleMigrationUrl = env.DATABASE_MIGRATION_URL;
  let serviceDatabaseUrl = env.SERVICE_DATABASE_URL;
  // The local service's production platform (service/README.md, "Environments"): on the embedded PostgreSQL beside
  // the sandbox's database, or where SERVICE_PRODUCTION_DATABASE_URL says; none with a sandbox database of the
  // operator's and no production one.
  let productionDatabaseUrl = externalApi ? undefined : env.SERVICE_PRODUCTION_DATABASE_URL;
  if (!consoleDatabaseUrl || (!externalApi && !serviceDatabaseUrl)) {
    if (!(await isPortFree(postgresPort))) {
      throw new Error(
        `port ${postgresPort} for the embedded PostgreSQL is in use (set EMBEDDED_POSTGRES_PORT)`,
      );
    }
    log(`starting PostgreSQL (data in ${path.relative(root, path.join(dataDir, "postgres")) || "."})`);
    const watchPostgres = (pid: number) =>
      guard?.watch({ name: "PostgreSQL", pid, group: false, signal: "SIGINT", order: STOP_ORDER.PostgreSQL });
    const database = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, "postgres"),
      port: postgresPort,
      password: secrets.databasePassword,
      persistent: true,
      // Known to the guard from its spawn, not from when it is ready: a launcher killed during the (slow) first
      // start leaves no PostgreSQL behind.
      onSpawn: watchPostgres,
    });
    const postgresRun = (): Run => {
      const pid = database.pid;
      if (pid !== undefined) watchPostgres(pid);
      const ended = database.ended.then((how) => {
        guard?.forget(pid);
        return how;
      });
      return { pid, ended, stop: () => database.stop() };
    };
    supervise(
      new Supervisor({
        name: "PostgreSQL",
        log,
        onGiveUp: giveUp,
        start: async () => {
          await database.restart();
          return postgresRun();
        },
      }),
    ).adopt(postgresRun());
    if (!consoleDatabaseUrl) {
      await ensureDatabase(database.serverUrl, "console");
      // Migrations run as the superuser, who owns the tables; the console runs as a role that owns nothing and may
      // not truncate, alter or disable anything (lib/server/db/runtime-role.ts; issue 46, item 8).
      const password = runtimeDatabasePassword(secrets.databasePassword);
      await ensureRuntimeRole(database.urlFor("postgres"), CONSOLE_RUNTIME_ROLE, password);
      consoleMigrationUrl = database.urlFor("console");
      consoleDatabaseUrl = runtimeUrl(consoleMigrationUrl, CONSOLE_RUNTIME_ROLE, password);
    }
    if (!externalApi && !serviceDatabaseUrl) {
      await ensureDatabase(database.serverUrl, "payment_service");
      serviceDatabaseUrl = database.urlFor("payment_service");
      if (!productionDatabaseUrl) {
        await ensureDatabase(database.serverUrl, "payment_service_production");
        productionDatabaseUrl = database.urlFor("payment_service_production");
      }
    }
  }
  const ownerUrl = consoleMigrationUrl ?? consoleDatabaseUrl;
  await migrateConsoleDatabase(ownerUrl);
  const runtimeRole = decodeURIComponent(new URL(consoleDatabaseUrl).username);
  if (ownerUrl !== consoleDatabaseUrl && runtimeRole !== decodeURIComponent(new URL(ownerUrl).username)) {
    await grantRuntimeRole(ownerUrl, runtimeRole);
  }
  // The demo's team joined when its platform opened: they wrote and activated the policy its history ran under.
  const demoUsers =
    env.SEED_DEMO !== "false"
      ? await seedDemoUsersIfEmpty(ownerUrl, secretsDir, demoOpening(new Date()))
      : [];

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
      ...(productionDatabaseUrl
        ? {
            SERVICE_PRODUCTION_DATABASE_URL: productionDatabaseUrl,
            SERVICE_PRODUCTION_TOKEN_ID: secrets.productionTokenId,
            SERVICE_PRODUCTION_CLIENT_SECRET: secrets.productionClientSecret,
            SERVICE_PRODUCTION_WEBHOOK_PRIVATE_KEY_FILE: secrets.productionWebhookPrivateKeyFile,
          }
        : {}),
    };
    await migrateServiceDatabase(serviceDatabaseUrl);
    // A new production platform is empty, with the service's default configuration: no demo history.
    if (productionDatabaseUrl) await migrateServiceDatabase(productionDatabaseUrl);
    if (env.SEED_DEMO !== "false") {
      const seedStarted = Date.now();
      // A new demo team (this start created it) has an approval policy in force since the platform opened, which
      // answered the history's pending payments: the launcher acts as the console for that, before it runs.
      const approvals =
        demoUsers.length > 0
          ? (service: Parameters<typeof demoPolicyApprovals>[1]) =>
              demoPolicyApprovals(
                {
                  ...env,
                  DATABASE_URL: consoleDatabaseUrl,
                  AUTH_SECRET: env.AUTH_SECRET ?? secrets.authSecret,
                  PAYMENT_API_BASE_URL: `http://127.0.0.1:${servicePort}${BASE_PATH}`,
                  PAYMENT_API_TOKEN_ID: secrets.apiTokenId,
                  PAYMENT_API_CLIENT_SECRET: secrets.apiClientSecret,
                  PAYMENT_API_ENVIRONMENT: env.PAYMENT_API_ENVIRONMENT ?? "sandbox",
                  LOCAL_SERVICE: "true",
                },
                service,
              )
          : undefined;
      seededService = await seedDemoIfEmpty(
        serviceEnv,
        `http://${consoleHost}:${consolePort}/api/webhooks`,
        approvals,
      ).finally(finishDemoPolicy);
      serviceEnvForSeed = serviceEnv;
      if (seededService) {
        const seconds = ((Date.now() - seedStarted) / 1000).toFixed(1);
        log(`seeded the demo platform with ${DEMO_HISTORY_DAYS} days of history in ${seconds} s`);
      }
    }
    if (!(await isPortFree(servicePort)))
      throw new Error(`port ${servicePort} for the payment service is in use`);
    await supervise(
      new Supervisor({
        name: "service",
        log,
        onGiveUp: giveUp,
        start: programRun(
          "service",
          serviceServerArguments(root, mode),
          serviceEnv,
          `http://127.0.0.1:${servicePort}/_local/health`,
          30_000,
        ),
      }),
    ).start();
    healthTargets.push({ name: "service", url: `http://127.0.0.1:${servicePort}/_local/health/ready` });
    apiBaseUrl = `http://127.0.0.1:${servicePort}${BASE_PATH}`;
    tokenId = secrets.apiTokenId;
    clientSecret = secrets.apiClientSecret;
    log(`payment service ready on ${apiBaseUrl}`);
    if (productionDatabaseUrl)
      log("its production platform answers the production credential at the same URL");
  }
  // The console's second environment (issue 27), when the local service hosts production and the console's own
  // environment is the sandbox; an operator with an external API sets these themselves.
  const consoleEnvironment = env.PAYMENT_API_ENVIRONMENT ?? "sandbox";
  const productionForConsole = Boolean(
    !externalApi && productionDatabaseUrl && consoleEnvironment === "sandbox",
  );

  if (!(await isPortFree(consolePort, consoleHost)))
    throw new Error(`port ${consolePort} for the console is in use`);
  const sourcesDir = path.resolve(env.SCREENING_SOURCES_DIR ?? path.join(dataDir, "screening-sources"));
  mkdirSync(sourcesDir, { recursive: true });
  const consoleEnv: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: mode,
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: consoleDatabaseUrl,
    // The owner's URL stays with the launcher: the console never runs DDL.
    DATABASE_MIGRATION_URL: undefined,
    AUTH_SECRET: env.AUTH_SECRET ?? secrets.authSecret,
    // Where the console appends signed checkpoints of the audit chain's head (lib/server/audit/anchor.ts).
    AUDIT_CHECKPOINT_FILE: path.resolve(
      env.AUDIT_CHECKPOINT_FILE ?? path.join(dataDir, "audit-checkpoints.jsonl"),
    ),
    // Watchlists admins upload from the console (lib/server/screening/upload.ts), before the shipped ones.
    SCREENING_UPLOADS_DIR: path.resolve(env.SCREENING_UPLOADS_DIR ?? path.join(dataDir, "screening-uploads")),
    // The one folder a list source's file path may name (lib/server/screening/sources-folder.ts), made below.
    SCREENING_SOURCES_DIR: sourcesDir,
    PAYMENT_API_BASE_URL: apiBaseUrl,
    PAYMENT_API_TOKEN_ID: tokenId,
    PAYMENT_API_CLIENT_SECRET: clientSecret,
    PAYMENT_API_ENVIRONMENT: consoleEnvironment,
    ...(productionForConsole
      ? {
          PAYMENT_API_PRODUCTION_TOKEN_ID: secrets.productionTokenId,
          PAYMENT_API_PRODUCTION_CLIENT_SECRET: secrets.productionClientSecret,
          WEBHOOK_PRODUCTION_PUBLIC_KEY: secrets.productionWebhookPublicKeyPem,
        }
      : {}),
    WEBHOOK_PUBLIC_KEY: env.WEBHOOK_PUBLIC_KEY ?? (externalApi ? undefined : secrets.webhookPublicKeyPem),
    LOCAL_SERVICE: externalApi ? "false" : "true",
  };
  await supervise(
    new Supervisor({
      name: "console",
      log,
      onGiveUp: giveUp,
      start: programRun(
        "console",
        consoleServerArguments(root, consolePort, consoleHost, mode),
        consoleEnv,
        `http://${consoleHost}:${consolePort}/api/health`,
        // Next.js's development server compiles each route on its first request: minutes on a busy machine.
        mode === "production" ? 60_000 : 300_000,
      ),
    }),
  ).start();
  const consoleUrl = `http://localhost:${consolePort}`;
  healthTargets.push({ name: "console", url: `http://${consoleHost}:${consolePort}/api/health/ready` });

  if (productionDatabaseUrl && apiBaseUrl) {
    // Production's webhooks go to the console too, set through the API as any platform would (once: an endpoint
    // someone chose stays). After the console is up, so the TEST event a new endpoint gets finds it listening.
    const webhooks = `http://${consoleHost}:${consolePort}/api/webhooks`;
    const production = { tokenId: secrets.productionTokenId, clientSecret: secrets.productionClientSecret };
    await ensureWebhookEndpoint(apiBaseUrl, production, webhooks).then(
      (changed) => changed && log(`the production platform's webhooks go to ${webhooks}`),
      (error: unknown) =>
        log(
          `could not set the production platform's webhook endpoint: ${error instanceof Error ? error.message : "unknown error"}`,
        ),
    );
  }
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
    log("sign in as one of the demo users (passwords generated now, shown this once, kept in");
    log(`  ${path.relative(root, demoUsersFile(secretsDir))}):`);
    // Passwords go to the terminal only, never into the log file, and only on the start that created them.
    const emailWidth = Math.max(...demoUsers.map((user) => user.email.length));
    for (const user of demoUsers) {
      process.stdout.write(
        `[start]   ${user.role.padEnd(10)} ${user.email.padEnd(emailWidth)} ${user.password}\n`,
      );
    }
  } else if (existsSync(demoUsersFile(secretsDir))) {
    log(`the demo users' emails and passwords are in ${path.relative(root, demoUsersFile(secretsDir))}`);
  } else {
    log("sign in with a user created by `npm run user:create`");
  }
  monitor.start();
  log(`press Ctrl-C to stop (in the background: kill $(cat ${path.relative(root, pidFile)}))`);
}

main().catch(async (error: unknown) => {
  log(`failed: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
});
