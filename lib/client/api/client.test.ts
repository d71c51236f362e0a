import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../shared/api-error";
import { consoleCall, consoleFetch, consoleHref, signInAgain } from "./client";

/** A real server on the loopback address answering each path with a fixed status and body. */
const ANSWERS: Record<string, { status: number; type: string; body: string }> = {
  "/api/missing": {
    status: 404,
    type: "application/json",
    body: JSON.stringify({ status: 404, code: "USER_NOT_FOUND", message: "No such customer" }),
  },
  "/api/invalid": {
    status: 400,
    type: "application/json",
    body: JSON.stringify({
      status: 400,
      code: "INVALID_INPUT",
      message: "Check the fields.",
      details: { fields: [{ path: "email", message: "Enter an email" }] },
    }),
  },
  "/api/broken": { status: 502, type: "text/html", body: "<h1>Bad gateway</h1>" },
  "/api/gone": {
    status: 401,
    type: "application/json",
    body: JSON.stringify({ status: 401, code: "UNAUTHENTICATED", message: "Sign in to continue." }),
  },
  "/api/scalar": { status: 200, type: "application/json", body: "42" },
};

/** What the server was asked, in order. */
const asked: { method: string; url: string; body: string }[] = [];

let server: Server;
let origin = "";

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => asked.push({ method: request.method ?? "", url: request.url ?? "", body }));
    const answer = ANSWERS[request.url ?? ""] ?? { status: 200, type: "application/json", body: "{}" };
    response.writeHead(answer.status, { "content-type": answer.type }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const failure = (path: string) =>
  consoleFetch(path).then(
    () => null,
    (error: unknown) => error,
  );

describe("consoleFetch", () => {
  it("throws the one ApiError with what the API answered", async () => {
    const error = await failure(`${origin}/api/missing`);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toBody()).toEqual({
      status: 404,
      code: "USER_NOT_FOUND",
      message: "No such customer",
    });
    const invalid = (await failure(`${origin}/api/invalid`)) as ApiError;
    expect(invalid.details).toEqual({ fields: [{ path: "email", message: "Enter an email" }] });
  });

  it("describes an answer not in the API's shape by its status", async () => {
    const error = await failure(`${origin}/api/broken`);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toBody()).toEqual({
      status: 502,
      code: "UNEXPECTED_ERROR",
      message: "The request failed (HTTP 502).",
    });
    expect(await failure(`${origin}/api/scalar`)).toMatchObject({ status: 502, code: "UNEXPECTED_RESPONSE" });
  });

  it("says the console could not be reached when nothing answers", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(`http://127.0.0.1:${port}/api/anything`);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
  });
});

describe("consoleCall", () => {
  // The browser resolves "/api/…" against the page; here the loopback server stands for the page's origin.
  const realFetch = globalThis.fetch;
  afterEach(() => {
    vi.unstubAllGlobals();
    asked.length = 0;
  });
  const onTheServer = () =>
    vi.stubGlobal("fetch", (input: string, init?: RequestInit) => realFetch(`${origin}${input}`, init));

  it("sends the table's method to the table's path, each parameter encoded, with the query and body", async () => {
    onTheServer();
    asked.length = 0;
    await consoleCall("PATCH /api/views/[viewId]", { params: { viewId: "a/b c" }, body: { name: "Mine" } });
    await consoleCall("GET /api/views", { query: { list: "transactions", empty: "" } });
    await consoleCall("POST /api/config/proposals/[id]/approve", { params: { id: "p?1" } });
    expect(asked).toEqual([
      { method: "PATCH", url: "/api/views/a%2Fb%20c", body: JSON.stringify({ name: "Mine" }) },
      { method: "GET", url: "/api/views?list=transactions", body: "" },
      { method: "POST", url: "/api/config/proposals/p%3F1/approve", body: "" },
    ]);
  });

  it("builds a download's address from the table", () => {
    expect(consoleHref("GET /api/audit/export", { query: { outcome: "refused", actor: undefined } })).toBe(
      "/api/audit/export?outcome=refused",
    );
  });
});

describe("signInAgain", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("leaves for the sign-in page once, however many of the page's calls are refused at once", async () => {
    const assigned: string[] = [];
    vi.stubGlobal("window", {
      location: { pathname: "/customers", search: "?q=ann", assign: (to: string) => assigned.push(to) },
    });
    await Promise.all([failure(`${origin}/api/gone`), failure(`${origin}/api/gone`)]);
    signInAgain();
    expect(assigned).toEqual([`/login?ended=1&callbackUrl=${encodeURIComponent("/customers?q=ann")}`]);
  });
});
