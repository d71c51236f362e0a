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

// A program calling the console's own API got Next.js's HTML "page does not exist" for a path no route handler has,
// and an empty 405 with no Allow for a method the route lacks.
test("a console API path no route has is 404, and a method its route lacks 405 with Allow, in the API's shape", async ({
  request,
}) => {
  for (const path of ["/api", "/api/nope", "/api/overview/extra"]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(404);
    expect(await answer.json(), path).toEqual({
      status: 404,
      code: "NOT_FOUND",
      message: "No console endpoint at this path.",
    });
  }
  for (const [method, path, allow] of [
    ["DELETE", "/api/overview", "GET, HEAD, OPTIONS"],
    ["POST", "/api/approvals/summary", "GET, HEAD, OPTIONS"],
  ] as const) {
    const answer = await request.fetch(path, { method });
    expect(answer.status(), `${method} ${path}`).toBe(405);
    expect(answer.headers().allow, `${method} ${path}`).toBe(allow);
    expect(await answer.json(), `${method} ${path}`).toMatchObject({
      status: 405,
      code: "METHOD_NOT_ALLOWED",
    });
  }
});
