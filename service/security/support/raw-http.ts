import { request } from "node:http";
import net from "node:net";

export interface RawResponse {
  /** 0 when no answer came (the connection failed or timed out); `error` then says why. */
  status: number;
  headers: Record<string, string>;
  body: string;
  error?: string;
}

export interface RawRequest {
  method: string;
  /** Sent as written: nothing is normalised or encoded, so `..` and `%00` reach the server. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

/**
 * One HTTP request on its own connection (no keep-alive, so one request's leftovers never spoil the next), with
 * an exact Content-Length. An answer that arrives before the body is fully written (413) is still read.
 */
export function sendHttp(origin: string, raw: RawRequest, timeoutMs = 20_000): Promise<RawResponse> {
  const url = new URL(origin);
  const body = raw.body === undefined ? undefined : Buffer.from(raw.body);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (response: RawResponse) => {
      if (settled) return;
      settled = true;
      resolve(response);
    };
    let req: ReturnType<typeof request>;
    try {
      req = request({
        agent: false,
        host: url.hostname,
        port: Number(url.port),
        method: raw.method,
        path: raw.path,
        timeout: timeoutMs,
        headers: {
          connection: "close",
          ...(body && raw.headers?.["transfer-encoding"] === undefined
            ? { "content-length": String(body.length) }
            : {}),
          ...raw.headers,
        },
      });
    } catch (error) {
      finish({ status: 0, headers: {}, body: "", error: `client refused: ${String(error)}` });
      return;
    }
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      const done = () =>
        finish({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(
            Object.entries(res.headers).map(([name, value]) => [
              name,
              Array.isArray(value) ? value.join(", ") : (value ?? ""),
            ]),
          ),
          body: Buffer.concat(chunks).toString("utf8"),
        });
      const doneAndClose = () => {
        done();
        // An answer before the whole body was written leaves the request open: nothing more goes on it.
        req.destroy();
      };
      res.on("end", doneAndClose);
      res.on("error", doneAndClose);
      res.on("close", doneAndClose);
    });
    req.on("timeout", () => {
      req.destroy();
      finish({ status: 0, headers: {}, body: "", error: `no answer within ${timeoutMs} ms` });
    });
    // A write error after the server answered early (oversize body) is expected; the answer is what counts.
    req.on("error", (error) => {
      setTimeout(() => finish({ status: 0, headers: {}, body: "", error: error.message }), 200);
    });
    if (!body || body.length <= EARLY_ANSWER_CHECK_BYTES) {
      req.end(body);
      return;
    }
    // A large body is usually refused from its Content-Length alone. Writing all of it at a server that has
    // answered and closed would make its kernel reset the connection, which can destroy the answer in transit:
    // so the rest is written only if no answer came.
    req.write(body.subarray(0, EARLY_ANSWER_CHECK_BYTES));
    setTimeout(() => {
      if (answered || settled || req.destroyed) return;
      req.end(body.subarray(EARLY_ANSWER_CHECK_BYTES));
    }, 150);
  });
}

const EARLY_ANSWER_CHECK_BYTES = 64 * 1024;

/** Parses the first HTTP/1.1 response in `data`, or returns undefined while it is incomplete. */
function parseFirstResponse(data: Buffer, closed: boolean): RawResponse | undefined {
  const headerEnd = data.indexOf("\r\n\r\n");
  if (headerEnd < 0) return undefined;
  const [statusLine = "", ...headerLines] = data.subarray(0, headerEnd).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = data.subarray(headerEnd + 4);
  const length = headers["content-length"];
  if (length !== undefined) {
    if (rest.length < Number(length)) return closed ? { status, headers, body: rest.toString() } : undefined;
    return { status, headers, body: rest.subarray(0, Number(length)).toString("utf8") };
  }
  if (headers["transfer-encoding"]?.includes("chunked")) {
    const parts: Buffer[] = [];
    let offset = 0;
    for (;;) {
      const lineEnd = rest.indexOf("\r\n", offset);
      if (lineEnd < 0) return closed ? { status, headers, body: Buffer.concat(parts).toString() } : undefined;
      const size = Number.parseInt(rest.subarray(offset, lineEnd).toString("latin1"), 16);
      if (!Number.isFinite(size)) return { status, headers, body: Buffer.concat(parts).toString() };
      if (size === 0) return { status, headers, body: Buffer.concat(parts).toString("utf8") };
      if (rest.length < lineEnd + 2 + size) {
        return closed ? { status, headers, body: Buffer.concat(parts).toString() } : undefined;
      }
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      offset = lineEnd + 2 + size + 2;
    }
  }
  return closed ? { status, headers, body: rest.toString("utf8") } : undefined;
}

/**
 * Writes bytes to the server as they are, for requests no HTTP client would send (a raw NUL or space in the
 * request line, broken headers), and reads the first answer.
 */
export function sendBytes(origin: string, bytes: Buffer, timeoutMs = 20_000): Promise<RawResponse> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = net.connect(Number(url.port), url.hostname);
    const finish = (response: RawResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(response);
    };
    const timer = setTimeout(
      () => finish({ status: 0, headers: {}, body: "", error: `no answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
    // Written, not ended: Node's server drops a request whose client half-closes before the answer is ready.
    socket.on("connect", () => socket.write(bytes));
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      const parsed = parseFirstResponse(Buffer.concat(chunks), false);
      if (parsed) finish(parsed);
    });
    socket.on("close", () => {
      finish(
        parseFirstResponse(Buffer.concat(chunks), true) ?? {
          status: 0,
          headers: {},
          body: "",
          error: "the connection closed without an answer",
        },
      );
    });
    socket.on("error", (error) => {
      const parsed = parseFirstResponse(Buffer.concat(chunks), true);
      finish(parsed ?? { status: 0, headers: {}, body: "", error: error.message });
    });
  });
}
