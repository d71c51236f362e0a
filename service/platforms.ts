// The platforms one service process hosts: the sandbox alone, or a sandbox and a production platform behind one HTTP
// server (service/config.ts, "Environments"). Each has its own database, clock, credential, signing key and worker.
import { createServer } from "node:http";
import type { FastifyInstance } from "fastify";
import type { Runner } from "graphile-worker";
import { buildServiceApp } from "./app";
import { Clock } from "./clock";
import type { ApiEnvironment, ServiceConfig } from "./config";
import type { ServiceContext } from "./context";
import { createServiceDatabase, type ServiceDatabase } from "./db/client";
import { migrateServiceDatabase } from "./db/migrate";
import { startWorker } from "./jobs/worker";
import type { LogDestination } from "./log";
import { dispatchingHandler, PRODUCTION_PATH_PREFIX, type RequestHandler } from "./platform-dispatch";

export interface Platform {
  environment: ApiEnvironment;
  context: ServiceContext;
  app: FastifyInstance;
}

export interface HostedPlatforms {
  /** The sandbox first; it owns the HTTP server. */
  platforms: Platform[];
  /** Listens on the sandbox's host and port (0 for any); answers the port bound. */
  listen(): Promise<number>;
  /** Starts each platform's job worker. */
  startWorkers(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The configuration of each platform: with a production platform, each copy holds only its own credential, key and
 * database, and production's links (hosted pages) carry the prefix the dispatcher routes to it.
 */
function platformConfigs(config: ServiceConfig): { environment: ApiEnvironment; config: ServiceConfig }[] {
  const { productionPlatform, ...shared } = config;
  if (!productionPlatform) return [{ environment: "sandbox", config }];
  const only = (environment: ApiEnvironment) =>
    shared.credentials.filter((credential) => credential.environment === environment);
  return [
    { environment: "sandbox", config: { ...shared, credentials: only("sandbox") } },
    {
      environment: "production",
      config: {
        ...shared,
        credentials: only("production"),
        databaseUrl: productionPlatform.databaseUrl,
        webhookPrivateKeyPem: productionPlatform.webhookPrivateKeyPem,
        publicUrl: `${shared.publicUrl}${PRODUCTION_PATH_PREFIX}`,
      },
    },
  ];
}

/** Whether production's API tokens table holds a client id: its unique index answers. */
async function holdsToken(db: ServiceDatabase, clientId: string): Promise<boolean> {
  const result = await db.pool.query({
    name: "platform_holds_token",
    text: "select 1 from api_tokens where client_id = $1 limit 1",
    values: [clientId],
  });
  return (result.rowCount ?? 0) > 0;
}

/** Migrates each platform's database and builds its app; nothing listens or runs jobs yet. */
export async function openPlatforms(
  config: ServiceConfig,
  options: { logDestination?: LogDestination; poolSize?: number } = {},
): Promise<HostedPlatforms> {
  const contexts: ServiceContext[] = [];
  for (const platform of platformConfigs(config)) {
    await migrateServiceDatabase(platform.config.databaseUrl);
    const db = createServiceDatabase(platform.config.databaseUrl, { max: options.poolSize });
    const clock = new Clock(db);
    await clock.refresh();
    contexts.push({ config: platform.config, db, clock });
  }
  const [sandbox, production] = contexts;
  if (!sandbox) throw new Error("no platform configured");

  let app: FastifyInstance;
  let productionApp: FastifyInstance | undefined;
  if (!production) {
    app = await buildServiceApp(sandbox, options);
  } else {
    sandbox.otherDatabases = { productionDatabase: production.db };
    let productionHandler: RequestHandler | undefined;
    productionApp = await buildServiceApp(production, {
      ...options,
      // Never listens: the sandbox's server hands it its requests.
      serverFactory: (handler) => {
        productionHandler = handler;
        return createServer();
      },
    });
    await productionApp.ready();
    const handleProduction = productionHandler;
    const sandboxCredential = sandbox.config.credentials[0];
    const productionCredential = production.config.credentials[0];
    if (!handleProduction || !sandboxCredential || !productionCredential) {
      throw new Error("the production platform could not be set up");
    }
    app = await buildServiceApp(sandbox, {
      ...options,
      serverFactory: (handleSandbox) => {
        const server = createServer(
          dispatchingHandler(
            { sandbox: handleSandbox, production: handleProduction },
            {
              sandboxTokenId: sandboxCredential.tokenId,
              productionTokenId: productionCredential.tokenId,
              productionHoldsToken: (clientId) => holdsToken(production.db, clientId),
            },
          ),
        );
        // Fastify's own defaults for the server it would have made.
        server.keepAliveTimeout = 72_000;
        server.requestTimeout = 0;
        return server;
      },
    });
  }

  const platforms: Platform[] = [{ environment: "sandbox", context: sandbox, app }];
  if (production && productionApp) {
    platforms.push({ environment: "production", context: production, app: productionApp });
  }
  const workers: Runner[] = [];
  return {
    platforms,
    async listen() {
      await app.listen({ host: config.host, port: config.port });
      const address = app.server.address();
      if (!address || typeof address !== "object") throw new Error("service did not bind");
      return address.port;
    },
    async startWorkers() {
      for (const platform of platforms) workers.push(await startWorker(platform.context));
    },
    async close() {
      // The server first (no new requests), then each platform's app, jobs and database.
      for (const platform of platforms) await platform.app.close();
      for (const worker of workers) await worker.stop();
      for (const platform of platforms) await platform.context.db.pool.end();
    },
  };
}
