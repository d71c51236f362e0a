import { expect, request as playwrightRequest, test } from "@playwright/test";
import { RawConnection } from "../support/raw-socket";
import { signInRequest } from "../support/session";

// A body refused as too large is not read to its end. What stays unread must not leave the kept-alive connection
// stuck: the next request on it is answered, or the connection is closed; it never hangs.

const ANSWER_MS = 15_000;
const CHUNK = 32 * 1024;

const TARGETS = [
  { method: "POST", path: "/api/team", limit: 16 * 1024 },
  { method: "PATCH", path: "/api/team/00000000-0000-4000-8000-000000000000", limit: 16 * 1024 },
  { method: "POST", path: "/api/account/password", limit: 4 * 1024 },
  { method: "POST", path: "/api/payments/customers", limit: 1024 * 1024 },
];

async function adminCookie(baseURL: string): Promise<string> {
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInRequest(admin, "admin");
  const { cookies } = await admin.storageState();
  await admin.dispose();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/** How the body is sent: whole, then its end; or cut inside a chunk declared far larger than the limit. */
const SHAPES = ["whole", "cut"] as const;

async function sendOversized(
  connection: RawConnection,
  limit: number,
  shape: (typeof SHAPES)[number],
): Promise<void> {
  if (shape === "cut") {
    // The server stops reading past the limit; the client then stops sending, as a client told 413 does.
    await connection.write(`${(8 * limit).toString(16)}\r\n${"a".repeat(2 * limit)}`);
    return;
  }
  const chunk = `${CHUNK.toString(16)}\r\n${"a".repeat(CHUNK)}\r\n`;
  for (let sent = 0; sent < 2 * limit + CHUNK; sent += CHUNK) {
    if (!(await connection.write(chunk))) return;
  }
  await connection.write("0\r\n\r\n");
}

for (const target of TARGETS) {
  for (const shape of SHAPES) {
    test(`an oversized chunked body (${shape}) to ${target.method} ${target.path} is 413; the connection goes on or closes`, async ({
      baseURL,
    }) => {
      const origin = baseURL ?? "";
      const cookie = await adminCookie(origin);
      const host = new URL(origin).host;
      const connection = await RawConnection.open(origin);
      try {
        await connection.write(
          `${target.method} ${target.path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\nCookie: ${cookie}\r\n` +
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n",
        );
        await sendOversized(connection, target.limit, shape);

        const refused = await connection.readAnswer(ANSWER_MS);
        expect(refused?.status, "the oversized body's answer").toBe(413);
        expect(JSON.parse(refused?.body ?? "{}")).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });

        const wrote = await connection.write(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
        if (!wrote || refused?.headers.connection?.toLowerCase() === "close") {
          // The server said it would close: it must, and promptly.
          await connection.waitClosed(ANSWER_MS);
          return;
        }
        const next = await connection.readAnswer(ANSWER_MS);
        // Closed cleanly instead of answering is fine; an answer must be the next request's own.
        if (next !== null) expect(next.status).toBe(200);
      } finally {
        connection.close();
      }
    });
  }
}
