import { expect, test } from "@playwright/test";
import { RawConnection } from "../support/raw-socket";

// Methods no console route has (TRACE, TRACK, CONNECT, WebDAV's, made-up ones) are refused with 405 in the API's
// error shape, on pages and route handlers alike; Next.js answered several of them with a 500, or a page.

const ANSWER_MS = 10_000;

async function answerTo(baseURL: string, requestLine: string) {
  const connection = await RawConnection.open(baseURL);
  try {
    await connection.write(`${requestLine}\r\nHost: ${new URL(baseURL).host}\r\nConnection: close\r\n\r\n`);
    return await connection.readAnswer(ANSWER_MS);
  } finally {
    connection.close();
  }
}

for (const method of ["TRACE", "TRACK", "PROPFIND", "FOO"]) {
  test(`${method} is 405 in the API's error shape on pages and route handlers`, async ({ baseURL }) => {
    for (const path of ["/api/team", "/api/account/password", "/", "/login", "/approvals"]) {
      const answer = await answerTo(baseURL ?? "", `${method} ${path} HTTP/1.1`);
      expect(answer?.status, `${method} ${path}`).toBe(405);
      expect(JSON.parse(answer?.body ?? "{}"), `${method} ${path}`).toEqual({
        status: 405,
        code: "METHOD_NOT_ALLOWED",
        message: expect.any(String),
      });
      expect(answer?.headers.allow, `${method} ${path}`).toContain("GET");
      expect(answer?.headers["content-security-policy"], `${method} ${path}`).toContain(
        "frame-ancestors 'none'",
      );
    }
  });
}

test("CONNECT is 405 in the API's error shape, and the connection closed", async ({ baseURL }) => {
  const host = new URL(baseURL ?? "").host;
  for (const target of [host, "/api/team"]) {
    const answer = await answerTo(baseURL ?? "", `CONNECT ${target} HTTP/1.1`);
    expect(answer?.status, target).toBe(405);
    expect(JSON.parse(answer?.body ?? "{}")).toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED" });
  }
});
