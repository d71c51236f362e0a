// The console's process: a Fastify server answering the payment API relay (/api/payments/*) itself and everything
// else with Next.js (lib/server/console-server/console-server.ts). Started by scripts/start.ts, as scripts/lib/console-server.ts says:
// compiled (dist/console.js, `npm run build`) in production; through tsx with --dev (Next.js's development server,
// hot reload) under `npm run dev`.
// Why the relay is not a Next.js route handler: docs/ARCHITECTURE.md, "The proxy runs beside Next.js".
import { parseArgs } from "node:util";
import next from "next";
import { startAuditAnchor } from "./lib/server/audit/checkpoints";
import { buildConsoleServer } from "./lib/server/console-server/console-server";
import { trustedProxyHops } from "./lib/server/env";
import { log } from "./lib/server/log/logger";
import { startCustomerScreeningSweep } from "./lib/server/screening/customer-sweep";
import { startScreeningLists } from "./lib/server/screening/lists-in-use";
import { rescreenOnListChanges } from "./lib/server/screening/rescreen";
import { startScreeningSources, stopScreeningSources } from "./lib/server/screening/source-jobs";
import { startTokenExpirySweep } from "./lib/server/tokens/expiry";
import { projectRoot } from "./shared/project-root";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "3000" },
    hostname: { type: "string" },
    dev: { type: "boolean", default: false },
  },
});
const port = Number(values.port);
const hostname = values.hostname ?? "localhost";

async function main(): Promise<void> {
  const proxyHops = trustedProxyHops();
  const dev = values.dev;
  // The repository's root, whether this runs as server.ts or compiled as dist/console.js.
  const app = next({ dev, dir: projectRoot(import.meta.url), hostname, port });
  const handlePage = app.getRequestHandler();
  await app.prepare();

  // The watchlists screened against (issue 48): loaded before the console listens, read again on a schedule; a
  // change to a list re-screens the stored counterparties and customers in the background.
  rescreenOnListChanges();
  await startScreeningLists();
  // The lists' sources (a path or URL an admin named, a second approved) fetched on their schedule: graphile-worker.
  await startScreeningSources();
  const { fastify, server, inFlight } = buildConsoleServer({
    hostname,
    port,
    proxyHops,
    handlePage,
    // A route handler a contributor adds is served before it is in the endpoint table.
    apiPathsFromTable: !dev,
  });
  await fastify.ready();
  // Next.js's development server pushes changes to the browser over a WebSocket (hot reload).
  if (dev) server.on("upgrade", app.getUpgradeHandler());
  server.listen(port, hostname, () =>
    log.info("console", "listening", { url: `http://${hostname}:${port}` }),
  );
  // The audit chain's anchor outside the database: periodic signed checkpoints (lib/server/audit/checkpoints.ts).
  startAuditAnchor();
  // API tokens past the expiry the console gave them are revoked at the API (lib/server/tokens/expiry.ts).
  startTokenExpirySweep();
  // Customers created or changed outside the console (the platform's own systems, hosted KYC) are screened too.
  startCustomerScreeningSweep();

  // A graceful stop (docs/DEPLOYMENT.md): no new connections, the live event streams end (browsers reconnect,
  // through a load balancer to another console), readiness says 503, the requests in flight finish (up to a
  // deadline), then the process exits.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    log.info("console", "stopping", { inFlight: inFlight.size });
    void inFlight
      .stop()
      .then(({ unfinished }) => {
        if (unfinished > 0) log.warn("console", "stopped with requests unfinished", { unfinished });
        return Promise.allSettled([fastify.close(), app.close(), stopScreeningSources()]);
      })
      .finally(() => {
        log.info("console", "stopped");
        process.exit(0);
      });
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  log.error("console", "failed to start", { error });
  process.exit(1);
});
