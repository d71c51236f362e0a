import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchSource } from "./fetch-source";

const SAMPLE = path.join(import.meta.dirname, "../../../data/screening/lists/UN_consolidated.xml");
const sample = readFileSync(SAMPLE);
const dir = mkdtempSync(path.join(tmpdir(), "list-source-"));
let n = 0;
const target = () => path.join(dir, `fetched-${++n}`);

let server: Server;
let base: string;
let lastAuthorization: string | undefined;
const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  "/un.xml": (_request, response) => {
    response.writeHead(200, { "content-type": "application/xml", "content-length": sample.length });
    response.end(sample);
  },
  // The answer says the whole file's length and stops half way: the connection ends early.
  "/cut.xml": (_request, response) => {
    response.writeHead(200, { "content-type": "application/xml", "content-length": sample.length });
    response.write(sample.subarray(0, 200_000), () => response.socket?.destroy());
  },
  // Streamed without a length: only counting the bytes finds it too large.
  "/chunked.xml": (_request, response) => {
    response.writeHead(200, { "content-type": "application/xml" });
    response.end(sample);
  },
  "/to-metadata": (_request, response) => {
    response.writeHead(302, {
      location: "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    });
    response.end();
  },
  "/slow.xml": (_request, response) => {
    response.writeHead(200, { "content-type": "application/xml" });
    response.write("<CONSOLIDATED_LIST>");
  },
};

beforeAll(async () => {
  server = createServer((request, response) => {
    lastAuthorization = request.headers.authorization;
    const route = routes[request.url ?? ""];
    if (route) route(request, response);
    else {
      response.writeHead(404);
      response.end("not here");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("fetching a list's source", () => {
  it("copies a URL's file whole, and sends a URL's credentials as Basic, not in the URL", async () => {
    const file = target();
    const url = new URL(`${base}/un.xml`);
    url.username = "lists";
    url.password = "s3cret";
    expect(await fetchSource(url.toString(), file)).toBe(sample.length);
    expect(readFileSync(file).equals(sample)).toBe(true);
    expect(lastAuthorization).toBe(`Basic ${Buffer.from("lists:s3cret").toString("base64")}`);
  });

  it("refuses a 404, naming the URL without its credentials", async () => {
    const error = await fetchSource(
      `http://lists:s3cret@127.0.0.1:${new URL(base).port}/gone.xml`,
      target(),
    ).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toMatch(/answered HTTP 404/);
    expect(error?.message).toContain(`${base}/gone.xml`);
    expect(error?.message).not.toMatch(/s3cret|lists:/);
  });

  it("never fetches a link-local address (a host's metadata service), written in the URL or redirected to", async () => {
    const limits = { timeoutMs: 30_000, maxBytes: 1_000_000 };
    for (const location of [
      "http://169.254.169.254/latest/meta-data/",
      "http://[fe80::1]/un.xml",
      "http://[::ffff:169.254.169.254]/latest/meta-data/",
      `${base}/to-metadata`,
    ]) {
      await expect(fetchSource(location, target(), limits), location).rejects.toThrow(
        /a link-local address \(a host's metadata service\) is never fetched/,
      );
    }
    // A private or loopback address, an internal mirror's, is fetched as any other.
    expect(await fetchSource(`http://localhost:${new URL(base).port}/un.xml`, target())).toBe(sample.length);
  });

  it("refuses a body cut short", async () => {
    await expect(fetchSource(`${base}/cut.xml`, target())).rejects.toThrow(
      /the connection ended before the whole file arrived/,
    );
  });

  it("refuses a body past the size allowed, declared or counted", async () => {
    const limits = { timeoutMs: 10_000, maxBytes: 100_000 };
    await expect(fetchSource(`${base}/un.xml`, target(), limits)).rejects.toThrow(/larger than/);
    await expect(fetchSource(`${base}/chunked.xml`, target(), limits)).rejects.toThrow(/larger than/);
  });

  it("gives up on an answer slower than the time allowed", async () => {
    await expect(
      fetchSource(`${base}/slow.xml`, target(), { timeoutMs: 300, maxBytes: 1_000_000 }),
    ).rejects.toThrow(/within the time allowed/);
  });

  it("copies a regular file inside the sources folder; refuses a folder, a missing file and other schemes", async () => {
    const folder = path.join(dir, "sources");
    mkdirSync(folder, { recursive: true });
    const inside = path.join(folder, "un.xml");
    copyFileSync(SAMPLE, inside);
    const file = target();
    expect(await fetchSource(inside, file, undefined, folder)).toBe(statSync(SAMPLE).size);
    expect(readFileSync(file).equals(sample)).toBe(true);
    await expect(fetchSource(path.join(folder, "sub"), target(), undefined, folder)).rejects.toThrow(
      /not a file inside the folder/,
    );
    mkdirSync(path.join(folder, "sub"), { recursive: true });
    await expect(fetchSource(path.join(folder, "sub"), target(), undefined, folder)).rejects.toThrow(
      /not a readable regular file/,
    );
    await expect(fetchSource("ftp://127.0.0.1/list.xml", target())).rejects.toThrow(/only http and https/);
  });

  it("reads no file outside the sources folder: not by its path, nor through `..` or a link out of it", async () => {
    const folder = path.join(dir, "confined");
    mkdirSync(folder, { recursive: true });
    const secret = path.join(dir, "secrets.json");
    writeFileSync(secret, '{"authSecret":"do-not-read-me"}');
    symlinkSync(secret, path.join(folder, "link.xml"));
    for (const location of [
      secret,
      SAMPLE,
      `${folder}/../secrets.json`,
      path.join(folder, "link.xml"),
      "/etc/passwd",
    ]) {
      const file = target();
      await expect(fetchSource(location, file, undefined, folder)).rejects.toThrow(
        `not a file inside the folder for list sources, ${folder}`,
      );
      expect(() => statSync(file)).toThrow();
    }
    // A console with no sources folder reads no path at all.
    await expect(fetchSource(SAMPLE, target())).rejects.toThrow(/reads no path sources/);
  });
});
