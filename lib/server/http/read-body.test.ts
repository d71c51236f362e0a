import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../shared/api-error";
import { readBodyExcerpt, readBodyText } from "./read-body";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://console.test/", { method: "POST", body, headers, duplex: "half" } as RequestInit);

/** A Node request as the console's server gets it: `read` runs on it, and its answer is what it resolved to. */
async function withNodeRequest<T>(
  send: (request: http.ClientRequest) => void,
  read: (request: IncomingMessage) => Promise<T>,
): Promise<T | ApiError> {
  let settle: (value: Promise<T | ApiError>) => void = () => {};
  const result = new Promise<T | ApiError>((resolve) => {
    settle = resolve;
  });
  const server = http.createServer((request, response) => {
    const reading = read(request).catch((error: unknown) => {
      if (error instanceof ApiError) return error;
      throw error;
    });
    settle(reading);
    void reading.finally(() => response.end("done"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method: "POST", agent: false }, (answer) => {
      answer.resume();
      answer.on("end", resolve);
    });
    request.on("error", reject);
    send(request);
  });
  server.close();
  return result;
}

describe("the body reader", () => {
  it("reads a fetch request's body whole, and refuses one past the limit with 413", async () => {
    expect(await readBodyText(post("héllo"), 100)).toBe("héllo");
    await expect(readBodyText(post("x".repeat(101)), 100)).rejects.toMatchObject({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
    });
    await expect(readBodyText(post("x", { "content-length": "101" }), 100)).rejects.toMatchObject({
      status: 413,
    });
  });

  it("refuses a body that is not UTF-8 with 400, a character split across chunks included in what it reads", async () => {
    await expect(readBodyText(post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), 100)).rejects.toMatchObject({
      status: 400,
      code: "INVALID_INPUT",
      message: "The request body is not valid UTF-8.",
    });
    const split = Buffer.from("José", "utf8");
    const text = await withNodeRequest(
      (request) => {
        request.write(split.subarray(0, 4));
        request.end(split.subarray(4));
      },
      (request) => readBodyText(request, 100),
    );
    expect(text).toBe("José");
  });

  it("reads a Node request's body sent in chunks without a length, and refuses one past the limit", async () => {
    const text = await withNodeRequest(
      (request) => {
        request.write("hé");
        request.end("llo");
      },
      (request) => readBodyText(request, 100),
    );
    expect(text).toBe("héllo");
    const refused = await withNodeRequest(
      (request) => {
        request.write("x".repeat(60));
        request.end("x".repeat(60));
      },
      (request) => readBodyText(request, 100),
    );
    expect(refused).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
  });

  it("keeps only an excerpt of a body it drops, counting every byte", async () => {
    const { excerpt, bytes } = await readBodyExcerpt(post("abcdefgh"), 100, 3);
    expect(Buffer.from(excerpt).toString()).toBe("abc");
    expect(bytes).toBe(8);
  });
});
