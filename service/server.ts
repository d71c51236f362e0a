// The local payment service's process: configuration, migrations, HTTP server, job workers, clean shutdown. It hosts
// the sandbox platform, and a production platform beside it when configured (service/platforms.ts).
import { safeError, safeErrorText } from "../shared/log/safe-error";
import { loadServiceConfig } from "./config";
import { openPlatforms } from "./platforms";

async function main() {
  const config = loadServiceConfig();
  const hosted = await openPlatforms(config);
  await hosted.listen();
  await hosted.startWorkers();

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await hosted.close();
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
