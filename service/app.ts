import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerFactory,
} from "fastify";
import { isDataException } from "../shared/data-exception";
import { NOT_UTF8_MESSAGE, strictUtf8 } from "../shared/utf8";
import { authenticate, basicPair } from "./auth";
import { BASE_PATH, type RequestCredential } from "./config";
import type { ServiceContext } from "./context";
import { isDatabaseUnavailable } from "./db/client";
import { authenticateToken } from "./domain/tokens";
import { ApiError } from "./errors";
import { assertAcceptableInput } from "./input-guard";
import { type LogDestination, serviceLoggerOptions } from "./log";
import { requiredPermission } from "./permissions";
import { configRoutes } from "./routes/config";
import { customerAreaPages, customerAreaRoutes } from "./routes/customer-area";
import { isPublicPagePath } from "./routes/hosted-page";
import { localRoutes } from "./routes/local";
import { paymentAreaPages, paymentAreaRoutes } from "./routes/payment-area";
import { tokenRoutes } from "./routes/tokens";
import { webhookRoutes } from "./routes/webhooks";
import { RouteCatalog, unknownEndpointError } from "./unknown-endpoints";

declare module "fastify" {
  interface FastifyRequest {
    credential: RequestCredential | null;
  }
}

/** Longer path parameters name nothing the service stores. */
const MAX_PARAM_LENGTH = 512;
const PUBLIC_LOCAL_PATHS = new Set([
  "/_local/health",
  "/_local/health/live",
  "/_local/health/ready",
  "/_local/webhook-public-key",
]);

/**
 * Maps framework errors (bad JSON, wrong media type, oversize) to the API's error shape, and a database that cannot
 * be reached to 503 (a client may try again); hides the rest behind a 500.
 */
function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error;
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "The request's Content-Type is not supported here.");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError(413, "PAYLOAD_TOO_LARGE", "The request body is too large.");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new ApiError(400, "INVALID_INPUT", "The request body is not valid JSON.");
    case "FST_ERR_BAD_URL":
      return new ApiError(400, "INVALID_INPUT", "The request path is not valid percent-encoded UTF-8.");
    case "FST_ERR_MAX_PARAM_LENGTH":
      return new ApiError(
        400,
        "INVALID_INPUT",
        `A path parameter is longer than ${MAX_PARAM_LENGTH} characters.`,
      );
  }
  if (error.statusCode === 400 || error instanceof SyntaxError) {
    return new ApiError(400, "INVALID_INPUT", "The request body is not valid JSON.");
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(error.statusCode, "INVALID_INPUT", "The request could not be processed.");
  }
  if (isDatabaseUnavailable(error)) {
    return new ApiError(503, "UNAVAILABLE", "The service's database is not reachable. Try again shortly.");
  }
  if (isDataException(error)) {
    return new ApiError(400, "INVALID_INPUT", "A value in the request is out of range or not of its kind.");
  }
  return new ApiError(500, "INTERNAL_ERROR", "An internal error occurred.");
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a raw NUL or space in the request line, headers
 * over the size limit, a broken Content-Length) are answered on the socket, in the API's shape all the same.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const apiError =
    error.code === "HPE_HEADER_OVERFLOW"
      ? new ApiError(431, "REQUEST_HEADERS_TOO_LARGE", "The request's headers are too large.")
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? new ApiError(408, "REQUEST_TIMEOUT", "The request was not received in time.")
        : new ApiError(400, "INVALID_INPUT", "The request is not valid HTTP.");
  const body = JSON.stringify(apiError.toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status] ?? "Error"}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * An empty body sent as `Content-Type: application/json` is no body, as the API treats it: the bodyless POSTs
 * (quote execute, `POST /webhooks/test`, an approve without a body) answer as they do without the header. Anything
 * else goes to Fastify's own JSON parser (prototype poisoning refused), so a non-empty body that is not JSON stays 400.
 */
const PROTOTYPE_KEY_ERROR = () =>
  new ApiError(
    400,
    "INVALID_INPUT",
    "The request body holds a __proto__ or constructor.prototype key, which the API does not accept.",
  );

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    // Bytes that are not UTF-8 are refused, not decoded with U+FFFD in their place and stored so.
    const text = typeof body === "string" ? body : strictUtf8(body);
    if (text === null) {
      done(new ApiError(400, "INVALID_INPUT", NOT_UTF8_MESSAGE), undefined);
      return;
    }
    if (text.length === 0) {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      // Fastify's parser refuses a key that would reach an object's prototype as "not JSON"; it is JSON, so say why.
      done(error && isJson(text) ? PROTOTYPE_KEY_ERROR() : error, value);
    });
  });
}

/**
 * `logDestination` replaces stdout for the log lines (tests read them there); `serverFactory` lets a process that
 * hosts two platforms put both apps behind one HTTP server (service/platforms.ts).
 */
export async function buildServiceApp(
  context: ServiceContext,
  options: { logDestination?: LogDestination; serverFactory?: FastifyServerFactory } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
    logger:
      context.config.logLevel === "silent"
        ? false
        : serviceLoggerOptions(context.config.logLevel, options.logDestination),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: MAX_PARAM_LENGTH },
    // Errors the router raises before any hook (a path that is not UTF-8, an over-long parameter).
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const apiError = toApiError(error);
      return reply.status(apiError.status).send(apiError.toBody());
    },
    clientErrorHandler: answerClientError,
  });

  app.decorateRequest("credential", null);
  // Every route, to tell a wrong method on a known path (405) from an unknown path (404).
  const routes = new RouteCatalog();
  app.addHook("onRoute", (route) => {
    routes.add(route.method, route.url);
  });
  // The API speaks JSON (and multipart for the CSV import): a text body is an unsupported media type.
  app.removeContentTypeParser("text/plain");
  acceptEmptyJsonBodies(app);

  app.addHook("onRequest", async (request, reply) => {
    // The route matched, not the raw URL: the router decodes percent-encoding, so `/%73andbox/…` reaches the
    // sandbox route and must meet the sandbox's rule. A path that matches no route is checked as written.
    const path = request.routeOptions.url ?? request.url.split("?", 1)[0] ?? "";
    if (PUBLIC_LOCAL_PATHS.has(path) || isPublicPagePath(path)) return;
    request.credential =
      authenticate(request.headers.authorization, context.config.credentials) ??
      (await authenticateApiToken(context, request.headers.authorization));
    if (!request.credential) {
      throw new ApiError(401, "UNAUTHORIZED", "Missing or invalid credentials.");
    }
    if (path.startsWith(`${BASE_PATH}/sandbox/`) && request.credential.environment !== "sandbox") {
      throw new ApiError(403, "FORBIDDEN", "Sandbox endpoints accept only sandbox credentials.");
    }
    await context.clock.refresh();
    // The answer's Date is on the service's clock, as every timestamp in it is: a client learns from it how far a
    // moved sandbox clock is ahead of real time (the console's countdowns and "5 minutes ago" count from it).
    reply.header("date", context.clock.now().toUTCString());
  });

  app.addHook("preHandler", async (request) => {
    // A token may do only what its permissions allow (api-notes §8), checked before anything is read or changed.
    const permissions = request.credential?.permissions;
    const route = request.routeOptions.url;
    if (permissions && route) {
      const needed = requiredPermission(request.method, route);
      if (!permissions.includes(needed)) {
        throw new ApiError(
          403,
          "FORBIDDEN",
          `This API token lacks the ${needed} permission this request needs.`,
          {
            requiredPermission: needed,
          },
        );
      }
    }
    assertAcceptableInput({ body: request.body, query: request.query, params: request.params });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, "request failed");
    if (apiError.status === 401) reply.header("WWW-Authenticate", 'Basic realm="payment-api"');
    if (apiError.status === 503) reply.header("Retry-After", "5");
    return reply.status(apiError.status).send(apiError.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    const error = unknownEndpointError(routes, request.method, request.url);
    const allow = error.details?.allow;
    if (Array.isArray(allow)) reply.header("allow", allow.join(", "));
    return reply.status(error.status).send(error.toBody());
  });

  await app.register(localRoutes(context), { prefix: "/_local" });
  await app.register(configRoutes(context), { prefix: BASE_PATH });
  await app.register(tokenRoutes(context), { prefix: BASE_PATH });
  await app.register(webhookRoutes(context), { prefix: BASE_PATH });
  await app.register(customerAreaRoutes(context), { prefix: BASE_PATH });
  await app.register(paymentAreaRoutes(context), { prefix: BASE_PATH });
  await app.register(customerAreaPages(context));
  await app.register(paymentAreaPages(context));
  return app;
}

/** The API token an `Authorization: Basic clientId:clientSecret` header names, or null. */
async function authenticateApiToken(
  context: ServiceContext,
  header: string | undefined,
): Promise<RequestCredential | null> {
  const pair = basicPair(header);
  return pair ? authenticateToken(context, pair.id, pair.secret) : null;
}
