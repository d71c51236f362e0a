import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { GET as ready } from "../../../app/api/health/ready/route";
import { GET as health } from "../../../app/api/health/route";
import { buildConsoleServer, type ConsoleServer, type PageHandler } from "../console-server/console-server";
import { beginStopping, isStopping, onStopping } from "./stopping";

Object.assign(process.env, {
  DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
  AUTH_SECRET: "a-test-secret-that-is-long-enough-for-the-schema",
  PAYMENT_API_BASE_URL: "http://127.0.0.1:1/api",
  PAYMENT_API_TOKEN_ID: "token",
  PAYMENT_API_CLIENT_SECRET: "secret",
});

const STOPPING = Symbol.for("payments-console.stopping");

/** A page that answers once the test lets it: `/slow` waits for `release()`, everything else answers at once. */
function pages() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const arrived: string[] = [];
  let arrival = () => {};
  const handlePage = async (request: IncomingMessage, response: ServerResponse) => {
    // Next.js reads the request to its end; an unread body would close the connection (unread-body.ts).
    for await (const _chunk of request);
    arrived.push(request.url ?? "");
    arrival();
    if (request.url === "/slow") await released;
    response.writeHead(200, { "content-type": "text/plain" });
    response.end(`answer to ${request.url}`);
  };
  const nextArrival = () =>
    new Promise<void>((resolve) => {
      arrival = resolve;
    });
  return { handlePage, release, arrived, nextArrival };
}

let running: ConsoleServer | undefined;

async function start(handlePage: PageHandler) {
  running = buildConsoleServer({ hostname: "127.0.0.1", port: 0, proxyHops: 0, handlePage });
  await running.fastify.ready();
  await new Promise<void>((resolve) => running?.server.listen(0, "127.0.0.1", resolve));
  return { server: running, port: (running.server.address() as AddressInfo).port };
}

function get(port: number, path: string, agent: http.Agent | false = false) {
  return new Promise<{ status: number; body: string; connection: string }>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, agent }, (answer) => {
      let body = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => {
        body += chunk;
      });
      answer.on("end", () =>
        resolve({ status: answer.statusCode ?? 0, body, connection: String(answer.headers.connection) }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

afterEach(async () => {
  running?.server.closeAllConnections();
  await running?.fastify.close();
  running = undefined;
  delete (globalThis as Record<symbol, unknown>)[STOPPING];
});

describe("a console server that stops", () => {
  it("lets a request in flight finish with its answer, refuses new connections, and says it is stopping", async () => {
    const { handlePage, release, nextArrival } = pages();
    const { server, port } = await start(handlePage);
    let heard = false;
    onStopping(() => {
      heard = true;
    });
    const arrived = nextArrival();
    const slow = get(port, "/slow");
    await arrived;
    expect(server.inFlight.size).toBe(1);

    const stopped = server.inFlight.stop(10_000);
    expect(isStopping()).toBe(true);
    expect(heard).toBe(true);
    await expect(get(port, "/new")).rejects.toMatchObject({ code: "ECONNREFUSED" });

    release();
    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, body: "answer to /slow", connection: "close" });
    expect(await stopped).toEqual({ unfinished: 0 });
  });

  it("ends a kept-alive connection after the answer it is sending", async () => {
    const { handlePage, release, nextArrival } = pages();
    const { server, port } = await start(handlePage);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    expect((await get(port, "/warm", agent)).connection).toBe("keep-alive");
    const arrived = nextArrival();
    const slow = get(port, "/slow", agent);
    await arrived;

    const stopped = server.inFlight.stop(10_000);
    release();
    expect((await slow).connection).toBe("close");
    expect(await stopped).toEqual({ unfinished: 0 });
    agent.destroy();
  });

  it("closes what is still unanswered at the deadline", async () => {
    const { handlePage, nextArrival } = pages();
    const { server, port } = await start(handlePage);
    const arrived = nextArrival();
    const slow = get(port, "/slow");
    await arrived;
    expect(await server.inFlight.stop(50)).toEqual({ unfinished: 1 });
    await expect(slow).rejects.toThrow();
  });

  it("answers 503 on /api/health and /api/health/ready once stopping, without probing anything", async () => {
    beginStopping();
    const healthAnswer = await health();
    expect(healthAnswer.status).toBe(503);
    expect(await healthAnswer.json()).toEqual({
      status: 503,
      code: "UNAVAILABLE",
      message: "This console is stopping.",
    });
    const readyAnswer = await ready();
    expect(readyAnswer.status).toBe(503);
    expect(await readyAnswer.json()).toEqual({ status: "unavailable", checks: { console: "stopping" } });
  });
});
