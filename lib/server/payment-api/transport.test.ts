import { once } from "node:events";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";

/** What the stand-in payment API does with each request, by path. */
const behaviours = new Map<string, (request: IncomingMessage, response: ServerResponse) => void>();
const seen: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
const api = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const path = (request.url ?? "").replace(/^\/v1/, "");
    seen.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
    behaviours.get(path.split("?")[0] ?? "")?.(request, response);
  });
});
api.listen(0, "127.0.0.1");
await once(api, "listening");
const { port } = api.address() as AddressInfo;

Object.assign(process.env, {
  DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
  AUTH_SECRET: "a-test-secret-that-is-long-enough-for-the-schema",
  PAYMENT_API_BASE_URL: `http://127.0.0.1:${port}/v1`,
  PAYMENT_API_TOKEN_ID: "token",
  PAYMENT_API_CLIENT_SECRET: "secret",
});
const { exchange, readAnswerText, relayToPaymentApi, UpstreamFailure } = await import("./transport");

const get = (path: string, timeoutMs = 5_000) =>
  relayToPaymentApi({ method: "GET", path, headers: { "x-request-id": "req-1" }, local: false, timeoutMs });

const failureOf = async (promise: Promise<unknown>) => {
  const failure = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(failure instanceof UpstreamFailure))
    throw new Error(`expected an UpstreamFailure, got ${String(failure)}`);
  return failure;
};

afterAll(() => {
  api.closeAllConnections();
  api.close();
});

describe("the payment API client (lib/server/payment-api/transport.ts)", () => {
  it("sends the platform's credential and the caller's headers, and gives back the answer's head and body", async () => {
    behaviours.set("/config", (_request, response) => {
      response.writeHead(201, { "content-type": "application/json", "x-request-id": "api-1" });
      response.end('{"umaDomain":"example.com"}');
    });
    const answer = await get("/config?x=1");
    expect(answer.status).toBe(201);
    expect(answer.header("content-type")).toBe("application/json");
    expect(answer.header("date")).toMatch(/GMT$/);
    expect(await readAnswerText(answer)).toBe('{"umaDomain":"example.com"}');
    const request = seen.at(-1);
    expect(request?.path).toBe("/config?x=1");
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from("token:secret").toString("base64")}`);
    expect(request?.headers["x-request-id"]).toBe("req-1");
  });

  it("sends a JSON text and an upload stream as the body", async () => {
    behaviours.set("/echo", (request, response) => {
      const body = seen.at(-1)?.body ?? "";
      response.writeHead(200, { "content-type": "text/plain" });
      response.end(`${request.headers["content-type"]} ${body.length} ${body.slice(0, 12)}`);
    });
    const json = await relayToPaymentApi({
      method: "POST",
      path: "/echo",
      headers: { "content-type": "application/json" },
      body: '{"amount":1}',
      local: false,
      timeoutMs: 5_000,
    });
    expect(await readAnswerText(json)).toBe('application/json 12 {"amount":1}');
    const rows = Array.from({ length: 2_000 }, (_, index) => `row-${index},name\n`);
    const upload = await relayToPaymentApi({
      method: "POST",
      path: "/echo",
      headers: { "content-type": "text/csv" },
      body: Readable.from(rows),
      local: false,
      timeoutMs: 5_000,
    });
    expect(await readAnswerText(upload)).toBe(`text/csv ${rows.join("").length} row-0,name\nr`);
  });

  it("times out a request the API does not answer: 504, and it may have happened", async () => {
    behaviours.set("/slow", () => {});
    const failure = await failureOf(get("/slow", 300));
    expect(failure).toMatchObject({ status: 504, code: "UPSTREAM_TIMEOUT", mayHaveHappened: true });
    expect(seen.at(-1)?.path).toBe("/slow");
  });

  it("fails a read whose answer breaks off, rather than passing a part for the whole", async () => {
    behaviours.set("/broken", (_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      response.write('{"data":[');
      setImmediate(() => response.socket?.destroy());
    });
    const answer = await get("/broken");
    const failure = await failureOf(readAnswerText(answer));
    expect(failure).toMatchObject({ status: 502, message: "The payment API's answer broke off." });
  });

  it("streams a large answer into the browser's answer, all of it", async () => {
    const big = "x".repeat(3 * 1024 * 1024);
    behaviours.set("/export", (_request, response) => {
      response.writeHead(200, { "content-type": "text/csv" });
      response.end(big);
    });
    const console = http.createServer((_request, response) => {
      exchange(
        { method: "GET", path: "/export", headers: {}, local: false, timeoutMs: 5_000 },
        (answer) => {
          response.writeHead(answer.status, { "content-type": answer.header("content-type") ?? "" });
          answer.pipeTo(response);
        },
        (failure) => {
          response.writeHead(failure.status);
          response.end();
        },
      );
    });
    console.listen(0, "127.0.0.1");
    await once(console, "listening");
    try {
      const response = await fetch(`http://127.0.0.1:${(console.address() as AddressInfo).port}/`);
      expect(response.status).toBe(200);
      expect((await response.text()).length).toBe(big.length);
    } finally {
      console.close();
    }
  });

  it("leaves a slow answer to the exchange's own time-out: undici's 300 s waits for the head and the body are off", async () => {
    // undici's clock for those waits, which its own tests move by hand: a wait is started by one tick and ended by a
    // tick past its length. Same module instance as the client's (Node's require cache).
    const undiciClock = createRequire(import.meta.url)("undici/lib/util/timers.js") as {
      tick(delay?: number): void;
    };
    const pastUndiciWaits = () => {
      undiciClock.tick(0);
      undiciClock.tick(301_000);
    };
    let hold: (response: ServerResponse) => void = () => {};
    const held = new Promise<ServerResponse>((resolve) => {
      hold = resolve;
    });
    behaviours.set("/upload-result", (_request, response) => hold(response));
    const pending = get("/upload-result", 15 * 60_000);
    const response = await held;
    pastUndiciWaits();
    response.writeHead(200, { "content-type": "application/json" });
    response.flushHeaders();
    const answer = await pending;
    pastUndiciWaits();
    response.end('{"rows":3}');
    expect(answer.status).toBe(200);
    expect(await readAnswerText(answer)).toBe('{"rows":3}');
  });

  // Last: the stand-in API stops listening.
  it("says a request that could not reach the API did not happen", async () => {
    api.closeAllConnections();
    api.close();
    await once(api, "close");
    // A connection kept from before may still be taken once before the client sees it closed (a call on it may
    // have reached the API, so it says so); the next has to connect, and cannot.
    let failure = await failureOf(get("/config"));
    for (let tries = 0; failure.mayHaveHappened && tries < 3; tries++)
      failure = await failureOf(get("/config"));
    expect(failure).toMatchObject({
      status: 502,
      code: "UPSTREAM_UNAVAILABLE",
      message: "The payment API could not be reached.",
      mayHaveHappened: false,
    });
  });
});
