import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREFETCH_MARK } from "../../universal/http/prefetch-mark";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { buildConsoleServer, type ConsoleServer } from "./console-server";

// The relay's anonymous answers need the console's configuration, never its database or the payment API.
Object.assign(process.env, {
  DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
  AUTH_SECRET: "a-test-secret-that-is-long-enough-for-the-schema",
  PAYMENT_API_BASE_URL: "http://127.0.0.1:1/api",
  PAYMENT_API_TOKEN_ID: "token",
  PAYMENT_API_CLIENT_SECRET: "secret",
});

interface PageSeen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Stands in for Next.js's handler: reads the body itself, as Next.js does, and says what it saw. */
const seen: PageSeen[] = [];
async function page(request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.url === "/throws") throw new Error("a page that fails with a secret in its message");
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  seen.push({
    method: request.method ?? "",
    url: request.url ?? "",
    headers: request.headers,
    body: Buffer.concat(chunks).toString(),
  });
  response.writeHead(200, { "content-type": "text/plain" });
  response.end("page");
}

let console_: ConsoleServer;
let port: number;

beforeAll(async () => {
  console_ = buildConsoleServer({ hostname: "127.0.0.1", port: 0, proxyHops: 0, handlePage: page });
  await console_.fastify.ready();
  await new Promise<void>((resolve) => console_.server.listen(0, "127.0.0.1", resolve));
  port = (console_.server.address() as AddressInfo).port;
});

afterAll(async () => {
  console_.server.closeAllConnections();
  await console_.fastify.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: "127.0.0.1", port, method, path, headers, agent: false },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () =>
          resolve({
            status: answer.statusCode ?? 0,
            headers: answer.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Sends bytes as they are and reads until the server closes the connection. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () => resolve(Buffer.concat(chunks).toString()));
    socket.on("error", reject);
  });
}

const lastSeen = () => seen.at(-1);

describe("the console's server", () => {
  it("hands pages to Next.js with the client's address and the prefetch mark, dropping a client's copies", async () => {
    const answer = await request("GET", "/transactions?x=1", {
      [CLIENT_ADDRESS_HEADER]: "6.6.6.6",
      [PREFETCH_MARK]: "1",
      "next-router-prefetch": "1",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("page");
    expect(lastSeen()?.url).toBe("/transactions?x=1");
    expect(lastSeen()?.headers[CLIENT_ADDRESS_HEADER]).toBe("127.0.0.1");
    expect(lastSeen()?.headers[PREFETCH_MARK]).toBe("1");

    await request("GET", "/", { [PREFETCH_MARK]: "1" });
    expect(lastSeen()?.url).toBe("/");
    expect(lastSeen()?.headers[PREFETCH_MARK]).toBeUndefined();
  });

  it("leaves a page's body unread for Next.js, whatever its content type", async () => {
    for (const contentType of ["application/json", "application/x-www-form-urlencoded", "not a media type"]) {
      const answer = await request("POST", "/api/auth/signin", { "content-type": contentType }, '{"a":1}');
      expect(answer.status).toBe(200);
      expect(lastSeen()?.body).toBe('{"a":1}');
    }
  });

  it("answers methods no console route has with 405 in the API's shape", async () => {
    // QUERY without a Content-Type too, which Fastify would refuse with a 400 of its own.
    for (const method of ["TRACE", "PROPFIND", "LINK", "QUERY"]) {
      const answer = await request(method, "/transactions");
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE");
      expect(JSON.parse(answer.body)).toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED" });
    }
  });

  it("sends every path under /api/payments/ to the relay, and only those, as Next.js reads the URL", async () => {
    for (const method of ["GET", "POST", "OPTIONS", "PUT", "HEAD", "TRACE"]) {
      const answer = await request(method, "/api/payments/config");
      expect(answer.status).toBe(401);
      expect(answer.headers["cache-control"]).toBe("no-store");
      if (method !== "HEAD")
        expect(JSON.parse(answer.body)).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    }
    for (const path of ["/api/payments/%zz", "/api/payments/x/../config", "/api/x/../payments/config"]) {
      expect((await request("GET", path)).status).toBe(401);
    }
    const before = seen.length;
    expect((await request("GET", "/api/payments/../overview")).body).toBe("page");
    expect(lastSeen()?.url).toBe("/api/payments/../overview");
    expect((await request("GET", "/api/payments")).status).toBe(404);
    expect(seen.length).toBe(before + 1);
  });

  it("answers a path or a method no console endpoint has in the API's shape, as Next.js would route it", async () => {
    const before = seen.length;
    for (const path of [
      "/api",
      "/api/nope",
      "/api/overview/extra",
      "/api/auth",
      "/api/views/a/b",
      "/api/payments",
    ]) {
      const answer = await request("GET", path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(answer.body)).toEqual({
        status: 404,
        code: "NOT_FOUND",
        message: "No console endpoint at this path.",
      });
    }
    for (const [method, path, allow] of [
      ["DELETE", "/api/overview", "GET, HEAD, OPTIONS"],
      ["POST", "/api/approvals/emergency-hold/", "GET, HEAD, OPTIONS, PUT"],
      // A static segment wins over a parameter, as in Next.js's router: not /api/approvals/[transactionId]'s.
      ["POST", "/api/approvals/summary", "GET, HEAD, OPTIONS"],
      ["PATCH", "/api/team/proposals", "GET, HEAD, OPTIONS"],
      ["GET", "/api/team/proposals/p1/approve", "POST, OPTIONS"],
    ] as const) {
      const answer = await request(method, path);
      expect({ method, path, status: answer.status, allow: answer.headers.allow }).toEqual({
        method,
        path,
        status: 405,
        allow,
      });
      expect(JSON.parse(answer.body)).toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED" });
    }
    expect(seen.length).toBe(before);
    for (const [method, path] of [
      ["GET", "/api/overview"],
      ["HEAD", "/api/overview"],
      ["OPTIONS", "/api/overview"],
      ["GET", "/api/overview/"],
      ["PATCH", "/api/team/u1"],
      ["POST", "/api/team/proposals/p1/approve"],
      ["GET", "/api/auth/session"],
      ["POST", "/api/auth/callback/credentials"],
      ["GET", "/api/x/../overview"],
    ] as const) {
      expect({ method, path, status: (await request(method, path)).status }).toEqual({
        method,
        path,
        status: 200,
      });
    }
    expect(seen.length).toBe(before + 9);
  });

  it("hands every /api/ path to Next.js under npm run dev, where a new route handler is served before it is in the table", async () => {
    const dev = buildConsoleServer({
      hostname: "127.0.0.1",
      port: 0,
      proxyHops: 0,
      handlePage: page,
      apiPathsFromTable: false,
    });
    await dev.fastify.ready();
    await new Promise<void>((resolve) => dev.server.listen(0, "127.0.0.1", resolve));
    try {
      const devPort = (dev.server.address() as AddressInfo).port;
      for (const [method, path] of [
        ["GET", "/api/dev-reload-probe"],
        ["DELETE", "/api/overview"],
      ] as const) {
        const answer = await fetch(`http://127.0.0.1:${devPort}${path}`, { method });
        expect({ method, path, body: await answer.text() }).toEqual({ method, path, body: "page" });
      }
    } finally {
      dev.server.closeAllConnections();
      await dev.fastify.close();
    }
  });

  it("answers an unparseable URL with 400 in the API's shape", async () => {
    const answer = await request("GET", "/transactions", { host: "a b" });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      status: 400,
      code: "INVALID_INPUT",
      message: "The request is not valid.",
    });
  });

  it("answers a route handler's path that is not valid percent-encoding with 400, and sends a page's to its literal form", async () => {
    const before = seen.length;
    for (const path of ["/api/team/%ZZ", "/api/policies/%E0%A4%A/activate", "/x/../api/views/%"]) {
      const answer = await request("GET", path);
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(answer.headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(JSON.parse(answer.body)).toEqual({
        status: 400,
        code: "INVALID_INPUT",
        message: "The request path is not valid.",
      });
    }
    for (const [path, location] of [
      ["/transactions/%E0%A4%A?type=%FF", "/transactions/%25E0%25A4%25A?type=%FF"],
      ["/customers/%ZZ/edit", "/customers/%25ZZ/edit"],
      ["/x/..//evil.example/%ZZ", "/evil.example/%25ZZ"],
      ["/a/%ZZ/../transactions", "/a/transactions"],
    ] as const) {
      const answer = await request("GET", path);
      expect({ path, status: answer.status, location: answer.headers.location }).toEqual({
        path,
        status: 307,
        location,
      });
      expect(answer.headers["x-content-type-options"], path).toBe("nosniff");
    }
    expect(seen.length).toBe(before);
    expect((await request("GET", "/customers/Customer%3Aabc/edit")).body).toBe("page");
    expect(lastSeen()?.url).toBe("/customers/Customer%3Aabc/edit");
  });

  it("hands on one forwarded scheme and host a URL can begin with, or none", async () => {
    await request("GET", "/transactions", {
      "x-forwarded-proto": "https, http",
      "x-forwarded-host": "console.example.com, lb",
    });
    expect(lastSeen()?.headers["x-forwarded-proto"]).toBe("https");
    expect(lastSeen()?.headers["x-forwarded-host"]).toBe("console.example.com");
    await request("GET", "/transactions", { "x-forwarded-proto": "gopher", "x-forwarded-host": "a b" });
    expect(lastSeen()?.headers["x-forwarded-proto"]).toBeUndefined();
    expect(lastSeen()?.headers["x-forwarded-host"]).toBeUndefined();
  });

  it("answers a failing page with 500 INTERNAL_ERROR and nothing of the error", async () => {
    const answer = await request("GET", "/throws");
    expect(answer.status).toBe(500);
    expect(answer.body).toBe(
      JSON.stringify({ status: 500, code: "INTERNAL_ERROR", message: "Something went wrong on our side." }),
    );
  });

  it("refuses CONNECT and answers what Node's parser refuses in the API's shape, then closes", async () => {
    const connect = await raw("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    expect(connect).toMatch(/^HTTP\/1\.1 405 /);
    expect(connect).toContain('"code":"METHOD_NOT_ALLOWED"');
    const broken = await raw("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n");
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(broken).toContain('"code":"INVALID_INPUT"');
  });

  it("keeps connections alive longer than a load balancer's idle time-out", () => {
    expect(console_.server.keepAliveTimeout).toBe(65_000);
  });
});
