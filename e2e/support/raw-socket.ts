import net from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One kept-alive loopback connection driven byte by byte, for what an HTTP client library hides: a body sent
 * in chunks without a Content-Length, and a second request on the same connection. Every wait is bounded.
 */
export class RawConnection {
  private buffer = Buffer.alloc(0);
  private closedFlag = false;
  private wake: (() => void) | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    socket.on("close", () => {
      this.closedFlag = true;
      this.wake?.();
    });
    // A reset while the test still writes is one way of closing; `closed` says so.
    socket.on("error", () => {});
  }

  static open(baseURL: string): Promise<RawConnection> {
    const { hostname, port } = new URL(baseURL);
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: hostname, port: Number(port) }, () =>
        resolve(new RawConnection(socket)),
      );
      socket.once("error", reject);
    });
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /** Writes bytes unless the server has already closed the connection; false when it had. */
  write(bytes: string | Buffer): Promise<boolean> {
    if (this.closedFlag || this.socket.destroyed || !this.socket.writable) return Promise.resolve(false);
    return new Promise((resolve) => this.socket.write(bytes, (error) => resolve(!error)));
  }

  /** The next whole answer (Content-Length or chunked), or null when the connection closes first. */
  async readAnswer(timeoutMs: number): Promise<RawAnswer | null> {
    const deadline = Date.now() + timeoutMs;
    while (true) {
      const answer = this.takeAnswer();
      if (answer) return answer;
      if (this.closedFlag) return null;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer within ${timeoutMs} ms, and the connection is still open`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /** Waits until the server closes the connection; throws when it is still open after `timeoutMs`. */
  async waitClosed(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closedFlag) {
      if (this.takeAnswer()) continue;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the connection is still open after ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  close(): void {
    this.socket.destroy();
  }

  private takeAnswer(): RawAnswer | null {
    const end = this.buffer.indexOf("\r\n\r\n");
    if (end < 0) return null;
    const [statusLine = "", ...lines] = this.buffer.subarray(0, end).toString("latin1").split("\r\n");
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const rest = this.buffer.subarray(end + 4);
    let body: Buffer;
    let used: number;
    if (headers["transfer-encoding"]?.includes("chunked")) {
      const parts: Buffer[] = [];
      let at = 0;
      while (true) {
        const lineEnd = rest.indexOf("\r\n", at);
        if (lineEnd < 0) return null;
        const size = Number.parseInt(rest.subarray(at, lineEnd).toString("latin1"), 16);
        if (rest.length < lineEnd + 2 + size + 2) return null;
        parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
      used = at;
    } else {
      const length = Number(headers["content-length"] ?? 0);
      if (rest.length < length) return null;
      body = rest.subarray(0, length);
      used = length;
    }
    this.buffer = rest.subarray(used);
    return { status: Number(statusLine.split(" ")[1]), headers, body: body.toString("utf8") };
  }
}
