import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { SecondConsole } from "../support/second-console";
import { signInRequest } from "../support/session";

// Masking reads the payment API's JSON. An answer it cannot read (compressed, or not JSON) must not reach a reader
// who sees personal data masked as it came: a second console calls a stand-in payment API that answers so.

const SENDER = "Samira Unmaskable";
const body = JSON.stringify({
  data: [{ id: "Transaction:x", counterpartyInformation: { FULL_NAME: SENDER, BIRTH_DATE: "1970-01-01" } }],
  hasMore: false,
});

let upstream: Server;
let second: SecondConsole;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  upstream = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://upstream").pathname;
    if (path.endsWith("/transactions")) {
      response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      response.end(gzipSync(body));
    } else if (path.endsWith("/quotes")) {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end(body);
    } else {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ status: 404, code: "NOT_FOUND", message: "Not here." }));
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const { port } = upstream.address() as AddressInfo;
  second = await SecondConsole.start({ PAYMENT_API_BASE_URL: `http://127.0.0.1:${port}/2025-10-13` });
});

test.afterAll(async () => {
  await second?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

test("an answer the masking cannot read is refused to a viewer, never passed as it came", async () => {
  const viewer = await playwrightRequest.newContext({
    baseURL: second.origin,
    extraHTTPHeaders: { origin: second.origin },
  });
  try {
    await signInRequest(viewer, "viewer");
    for (const path of ["/api/payments/transactions", "/api/payments/quotes"]) {
      const answer = await viewer.get(path);
      const bytes = await answer.body();
      expect(bytes.toString("latin1")).not.toContain(SENDER);
      // Nor the compressed bytes, which anyone can unpack (gzip's first two bytes are 1f 8b).
      expect(bytes.subarray(0, 2).toString("hex")).not.toBe("1f8b");
      expect(answer.status(), path).toBe(502);
      expect(((await answer.json()) as { code: string }).code).toBe("UPSTREAM_ANSWER_UNCHECKED");
    }
  } finally {
    await viewer.dispose();
  }
});
