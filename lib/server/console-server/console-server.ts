import "server-only";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { errorBody } from "../../../shared/api-error";
import { markPrefetch } from "../../universal/http/prefetch-mark";
import { RELAY_METHODS } from "../../universal/relay/route-table";
import { runInEnvironment } from "../environments/current";
import { environmentOfRequest } from "../environments/request-environment";
import { stampClientAddress } from "../http/client-address";
import { consoleApiMethods } from "../http/console-api-paths";
import { normaliseForwardedHeaders } from "../http/forwarded-headers";
import { InFlightRequests } from "../http/graceful-stop";
import { nodeHeaderReader } from "../http/header-reader";
import { mergeHeaders } from "../http/merge-headers";
import { decodablePath } from "../http/undecodable-path";
import {
  answerClientError,
  answerUnknownMethod,
  isConsoleMethod,
  ANSWER_HEADERS as NO_STORE_JSON,
  refuseConnect,
} from "../http/unknown-method";
import { closeWhenBodyUnread } from "../http/unread-body";
import { log } from "../log/logger";
import { PROXY_PREFIX, relayPaymentApi } from "../relay/pipeline";

/** Next.js's request handler (`next().getRequestHandler()`), or anything that answers a page request the same way. */
export type PageHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void> | void;

export interface ConsoleServerOptions {
  hostname: string;
  port: number;
  /** How many proxies of the deployment's own stand in front of the console (TRUSTED_PROXY_HOPS). */
  proxyHops: number;
  handlePage: PageHandler;
  /**
   * Whether a path under /api/ that no entry of the endpoint table names, or a method it lacks, is answered here
   * (404 or 405 in the API's shape) instead of by Next.js. Off under `npm run dev`, where a new route handler is
   * served as soon as it is written. On unless said otherwise.
   */
  apiPathsFromTable?: boolean;
}

export interface ConsoleServer {
  fastify: FastifyInstance;
  /** The Node server Fastify answers on; the caller listens, and stops it through `inFlight.stop()`. */
  server: http.Server;
  /** The requests being answered: `inFlight.stop()` drains them (lib/server/http/graceful-stop.ts). */
  inFlight: InFlightRequests;
}

// Longer than a load balancer's idle time-out, so it never sends on a connection the console just closed.
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
// Node's own default, which Fastify would otherwise turn off.
const REQUEST_TIMEOUT_MS = 300_000;

/**
 * The console's HTTP server: one Fastify instance with two routes, the payment API relay for `/api/payments/*`
 * (every method its route table knows; lib/server/relay/pipeline.ts) and Next.js as the catch-all. Both take the request at
 * onRequest and hijack it, raw, before Fastify parses anything: the relay reads its body only once it has checked
 * who asks, and Next.js reads its own. Which of the two answers is decided by the URL as Next.js reads it (dot
 * segments resolved), so the router's reading of an odd path never sends a page request to the relay or back.
 * Before either: the client's address is stamped (trusting only `proxyHops` proxies), the prefetch mark set, and a
 * connection whose body goes unread is closed after its answer.
 */
export function buildConsoleServer(options: ConsoleServerOptions): ConsoleServer {
  let server: http.Server | undefined;
  const fastify = Fastify({
    logger: false,
    exposeHeadRoutes: false,
    return503OnClosing: false,
    forceCloseConnections: false,
    routerOptions: { maxParamLength: 8 * 1024 },
    clientErrorHandler: answerClientError,
    // A path the router cannot decode (or an over-long one) is still the relay's or Next.js's to answer.
    frameworkErrors: (_error, request, reply) => serveTracked(request, reply),
    serverFactory: (handler) => {
      server = http.createServer(handler);
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      server.requestTimeout = REQUEST_TIMEOUT_MS;
      server.on("connect", refuseConnect);
      return server;
    },
  });
  if (!server) throw new Error("Fastify did not create the console's server");
  const inFlight = new InFlightRequests(server);
  const serveTracked = (request: FastifyRequest, reply: FastifyReply) => {
    inFlight.track(reply.raw);
    serve(request, reply, options);
  };

  const take = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    serveTracked(request, reply);
    done();
  };
  fastify.route({
    method: [...RELAY_METHODS],
    url: `${PROXY_PREFIX}*`,
    onRequest: take,
    handler: unreachable,
  });
  fastify.route({ method: fastify.supportedMethods, url: "/*", onRequest: take, handler: unreachable });
  // Methods Fastify's router does not route (PROPFIND, LINK…): answered the same way.
  fastify.setNotFoundHandler((request, reply) => serveTracked(request, reply));
  // The last resort: nothing Fastify raises reaches anyone as a stack trace or in Fastify's own shape.
  fastify.setErrorHandler((error, _request, reply) => {
    log.error("console", "request failed", { error });
    reply.hijack();
    answerInternalError(reply.raw);
  });
  return { fastify, server, inFlight };
}

/**
 * Hands the raw request to the relay or to Next.js; Fastify does nothing more with it. Every request first gets
 * the same for both: the client's address stamped (rate limits trust only this: the socket's address, or a
 * trusted proxy's word for it), the prefetch mark, and the close of a connection whose body goes unread.
 */
function serve(request: FastifyRequest, reply: FastifyReply, options: ConsoleServerOptions): void {
  reply.hijack();
  const incoming = request.raw;
  const response = reply.raw;
  // One scheme and one host a URL can begin with, for the relay, Next.js and Auth.js alike: a list or a stray
  // value in them made the session check throw (lib/server/http/forwarded-headers.ts).
  normaliseForwardedHeaders(incoming.headers);
  stampClientAddress(incoming, options.proxyHops);
  markPrefetch(incoming);
  closeWhenBodyUnread(incoming, response);
  let url: URL;
  try {
    url = requestUrl(incoming, `${options.hostname}:${options.port}`);
  } catch {
    answerBadRequest(response);
    return;
  }
  // The environment the person switched to (its cookie, signed for them) is the one every payment API call of
  // this request uses, the relay's and the pages' own reads alike (lib/server/environments/current.ts).
  const headers = nodeHeaderReader(incoming.headers, { "x-forwarded-proto": url.protocol.slice(0, -1) });
  const environment = environmentOfRequest(headers);
  if (environment instanceof Promise) {
    environment
      .then((chosen) => runInEnvironment(chosen, () => answer(incoming, response, url, options)))
      .catch((error: unknown) => {
        log.error("console", "request failed", { error });
        answerInternalError(response);
      });
    return;
  }
  runInEnvironment(environment, () => answer(incoming, response, url, options));
}

function answer(
  incoming: IncomingMessage,
  response: ServerResponse,
  url: URL,
  options: ConsoleServerOptions,
): void {
  if (url.pathname.startsWith(PROXY_PREFIX)) {
    relayPaymentApi(incoming, response, url).catch((error: unknown) => {
      // The relay answers its own failures; this is the last guard against a stack trace reaching anyone.
      log.error("console", "relay failed", { error });
      answerInternalError(response);
    });
    return;
  }
  if (!isConsoleMethod(incoming.method)) {
    answerUnknownMethod(response);
    return;
  }
  // A path segment that is not valid percent-encoding, which Next.js would answer with its own bare 500 (and its
  // router in the browser could not read either): a 400 in the API's shape for a route handler, as the relay answers
  // it; for a page, a redirect to the same address with the segment taken literally, where the page says it found
  // nothing (lib/server/http/undecodable-path.ts).
  if (decodablePath(incoming.url ?? "/") !== null) {
    if (url.pathname.startsWith("/api/")) answerBadRequest(response, "The request path is not valid.");
    else answerRedirect(response, decodablePath(url.pathname + url.search) ?? url.pathname + url.search);
    return;
  }
  // A program calling the console's API learns in the API's shape that a path or a method is not there, where
  // Next.js would answer an HTML page, or a 405 with no body and no Allow.
  if (options.apiPathsFromTable !== false && (url.pathname === "/api" || url.pathname.startsWith("/api/"))) {
    const allowed = consoleApiMethods(url.pathname);
    if (allowed === null) {
      answerError(response, 404, "NOT_FOUND", "No console endpoint at this path.");
      return;
    }
    if (!allowed.includes(incoming.method ?? "")) {
      answerError(
        response,
        405,
        "METHOD_NOT_ALLOWED",
        `Use ${allowed.filter(isNamedMethod).join(" or ")} on this endpoint.`,
        { allow: allowed.join(", ") },
      );
      return;
    }
  }
  Promise.resolve(options.handlePage(incoming, response)).catch((error: unknown) => {
    log.error("console", "page failed", { error });
    answerInternalError(response);
  });
}

/**
 * The request's absolute URL as the browser reached the console, read as Next.js reads it: https when the socket
 * is TLS or a load balancer's X-Forwarded-Proto (its first value, normalised) says https; the host from the Host
 * header.
 */
function requestUrl(request: IncomingMessage, listening: string): URL {
  const forwarded = request.headers["x-forwarded-proto"];
  const scheme = (request.socket as TLSSocket).encrypted || forwarded === "https" ? "https" : "http";
  const host = request.headers.host ?? listening;
  const path = request.url ?? "/";
  // A plain host and a path whose first segment starts with a letter or digit read the same joined as resolved
  // against the origin (one parse instead of two): nothing in them can open an authority or climb out of the path.
  if (PLAIN_HOST.test(host) && PLAIN_PATH_START.test(path)) return new URL(`${scheme}://${host}${path}`);
  return new URL(path, `${scheme}://${host}`);
}

const PLAIN_HOST = /^[a-z0-9.-]+(?::\d{1,5})?$/i;
const PLAIN_PATH_START = /^\/[a-z0-9]/i;

/** HEAD and OPTIONS are in Allow, never in what a person is told to use. */
const isNamedMethod = (method: string) => method !== "HEAD" && method !== "OPTIONS";

function answerBadRequest(response: ServerResponse, message = "The request is not valid."): void {
  answerError(response, 400, "INVALID_INPUT", message);
}

function answerError(
  response: ServerResponse,
  status: number,
  code: string,
  message: string,
  extra: Record<string, string> = {},
): void {
  response.writeHead(status, mergeHeaders(NO_STORE_JSON, extra));
  response.end(JSON.stringify(errorBody(status, code, message)));
}

/** 307 to a path on this origin: never `//host`, which a browser would read as another site. */
function answerRedirect(response: ServerResponse, path: string): void {
  response.writeHead(307, {
    ...NO_STORE_JSON,
    location: `/${path.replace(/^[/\\]+/, "")}`,
    "content-length": "0",
  });
  response.end();
}

function answerInternalError(response: ServerResponse): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  answerError(response, 500, "INTERNAL_ERROR", "Something went wrong on our side.");
}

function unreachable(): never {
  throw new Error("the console's routes answer at onRequest");
}
