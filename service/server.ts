// The local payment service's process: configuration, migrations, HTTP server, job worker, clean shutdown.
import { safeError, safeErrorText } from "../shared/log/safe-error";
import { buildServiceApp } from "./app";
import { Clock } from "./clock";
import { loadServiceConfig } from "./config";
import { createServiceDatabase } from "./db/client";
import { migrateServiceDatabase } from "./db/migrate";
import { startWorker } from "./jobs/worker";

async function main() {
  const config = loadServiceConfig();
  await migrateServiceDatabase(config.databaseUrl);
  const db = createServiceDatabase(config.databaseUrl);
  const clock = new Clock(db);
  await clock.refresh();
  const context = { config, db, clock };
  const app = await buildServiceApp(context);
  await app.listen({ host: config.host, port: config.port });
  const worker = await startWorker(context);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await worker.stop();
    await db.pool.end();
    process.exit(0);
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  // Its kind and codes only (shared/log/safe-error.ts); a configuration error says which setting is wrong.
  console.error(`[service] failed to start: ${safeErrorText(safeError(error))}`);
  process.exit(1);
});
