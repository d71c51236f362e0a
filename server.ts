// The console's HTTP server: the payment API proxy (/api/payments/*) answered directly, everything else by Next.js.
// Started by scripts/start.ts as
//   node --import tsx --import ./scripts/lib/server-only-condition.mjs server.ts --port 3000 --hostname 127.0.0.1
// Why the proxy is not a Next.js route handler: docs/ARCHITECTURE.md, "The proxy runs beside Next.js".
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { parseArgs } from "node:util";
import next from "next";
import { trustedProxyHops } from "./lib/env";
import { stampClientAddress } from "./lib/http/client-address";
import { markPrefetch } from "./lib/http/prefetch-mark";
import {
  answerClientError,
  answerUnknownMethod,
  isConsoleMethod,
  refuseConnect,
} from "./lib/http/unknown-method";
import { closeWhenBodyUnread } from "./lib/http/unread-body";
import { log } from "./lib/log/logger";
import { PROXY_PREFIX, proxyPaymentApi } from "./lib/relay/forward";

const { values } = parseArgs({
  options: { port: { type: "string", default: process.env.PORT ?? "3000" }, hostname: { type: "string" } },
});
const port = Number(values.port);
const hostname = values.hostname ?? "localhost";

/**
 * The request's absolute URL as the browser reached the console, read as Next.js reads it: https when the socket
 * is TLS or a load balancer's X-Forwarded-Proto says https; the host from the Host header.
 */
function requestUrl(request: IncomingMessage): URL {
  const forwarded = String(request.headers["x-forwarded-proto"] ?? "");
  const scheme = (request.socket as TLSSocket).encrypted || forwarded.includes("https") ? "https" : "http";
  return new URL(request.url ?? "/", `${scheme}://${request.headers.host ?? `${hostname}:${port}`}`);
}

function badRequest(response: ServerResponse): void {
  response.writeHead(400, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify({ status: 400, code: "INVALID_INPUT", message: "The request is not valid." }));
}

async function main(): Promise<void> {
  const proxyHops = trustedProxyHops();
  const app = next({ dev: false, dir: import.meta.dirname, hostname, port });
  const handleWithNext = app.getRequestHandler();
  await app.prepare();

  const server = http.createServer((request, response) => {
    // Rate limits trust only this: the socket's address, or a trusted proxy's word for it.
    stampClientAddress(request, proxyHops);
    markPrefetch(request);
    closeWhenBodyUnread(request, response);
    let url: URL;
    try {
      url = requestUrl(request);
    } catch {
      return badRequest(response);
    }
    if (!url.pathname.startsWith(PROXY_PREFIX)) {
      if (!isConsoleMethod(request.method)) return answerUnknownMethod(response);
      void handleWithNext(request, response);
      return;
    }
    proxyPaymentApi(request, response, url).catch((error: unknown) => {
      // proxyPaymentApi answers its own failures; this is the last guard against a stack trace reaching anyone.
      log.error("console", "proxy failed", { error });
      if (!response.headersSent) {
        response.writeHead(500, { "content-type": "application/json", "cache-control": "no-store" });
        response.end(
          JSON.stringify({
            status: 500,
            code: "INTERNAL_ERROR",
            message: "Something went wrong on our side.",
          }),
        );
      } else response.destroy();
    });
  });
  // Longer than a load balancer's idle time-out, so it never sends on a connection the console just closed.
  server.keepAliveTimeout = 65_000;
  server.on("connect", refuseConnect);
  server.on("clientError", answerClientError);
  server.listen(port, hostname, () =>
    log.info("console", "listening", { url: `http://${hostname}:${port}` }),
  );

  const stop = () => {
    server.close();
    server.closeAllConnections();
    void app.close().finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  log.error("console", "failed to start", { error });
  process.exit(1);
});
