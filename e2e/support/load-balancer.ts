import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** Bodies the balancer holds to be able to send a request to another console: small, as the specs' are. */
const MAX_BODY_BYTES = 1024 * 1024;
/** What the balancer remembers of the requests it passed on, the latest first to go. */
const MAX_REMEMBERED = 2_000;

export interface Passed {
  method: string;
  path: string;
  /** The console's origin that answered. */
  target: string;
  status: number;
  /**
   * How the answer ended: sent to its end by the console; cut by the console (its connection to the balancer broke
   * before the end); or left by the client, which went away first (a browser cancelling a fetch, leaving a page).
   */
  ended: "open" | "complete" | "cut" | "left";
  eventStream: boolean;
}

/**
 * A tiny load balancer on loopback, for specs: round-robin over the consoles it is given, one new upstream
 * connection per request (no pooling, so a stopped console is simply refused). A request a console refused to
 * connect (or, for a GET or HEAD, dropped before answering) is sent to the next one, as balancers do. It adds
 * X-Forwarded-For and keeps the Host header, so the consoles see the balancer's origin as theirs. Bounded: bodies up
 * to 1 MB, a record of the last 2,000 requests. `passed` says which console answered what and how it ended.
 */
export class LoadBalancer {
  readonly passed: Passed[] = [];
  private targets: string[];
  private turn = 0;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: http.Server,
    targets: string[],
  ) {
    this.targets = [...targets];
    server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.once("close", () => this.sockets.delete(socket));
    });
  }

  static async start(targets: string[]): Promise<LoadBalancer> {
    let balancer: LoadBalancer | undefined;
    const server = http.createServer((request, response) => void balancer?.forward(request, response));
    balancer = new LoadBalancer(server, targets);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return balancer;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The consoles in rotation from now on (an operator taking one out, or putting it back). */
  rotate(targets: string[]): void {
    this.targets = [...targets];
  }

  /** Live event streams currently open through the balancer to `target`. */
  openStreams(target: string): number {
    return this.passed.filter((p) => p.target === target && p.eventStream && p.ended === "open").length;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch {
      response.writeHead(413).end();
      return;
    }
    const retryable = request.method === "GET" || request.method === "HEAD";
    const first = this.turn++;
    const targets = this.targets;
    for (let attempt = 0; attempt < targets.length; attempt++) {
      // A client that left while its body was read or between two consoles' turns has closed the response already,
      // before tryTarget listens for that: forwarded anyway, a page's event stream cancelled by a navigation was
      // recorded as open for ever. Checked here, tryTarget's listener is set in the same turn.
      if (response.closed) return;
      const target = targets[(first + attempt) % targets.length] as string;
      const outcome = await this.tryTarget(target, request, response, body, retryable);
      if (outcome === "answered") return;
    }
    response.writeHead(502, { "content-type": "text/plain" }).end("no console answered");
  }

  private tryTarget(
    target: string,
    request: IncomingMessage,
    response: ServerResponse,
    body: Buffer,
    retryable: boolean,
  ): Promise<"answered" | "next"> {
    return new Promise((resolve) => {
      const forwardedFor = [request.headers["x-forwarded-for"], request.socket.remoteAddress]
        .filter(Boolean)
        .join(", ");
      const upstream = http.request(`${target}${request.url ?? "/"}`, {
        method: request.method,
        headers: {
          ...withoutHopByHop(request.headers),
          "x-forwarded-for": forwardedFor,
          "content-length": body.length,
        },
        agent: false,
        setHost: false,
      });
      let answered = false;
      // Set before any answer: a client that leaves while its request is still waiting for one (a browser closing
      // an event stream whose head has not come yet) must not leave a record open for ever.
      let record: Passed | undefined;
      let clientLeft = false;
      response.once("close", () => {
        clientLeft = true;
        if (record?.ended === "open") record.ended = "left";
        upstream.destroy();
      });
      upstream.on("response", (answer) => {
        answered = true;
        record = {
          method: request.method ?? "",
          path: request.url ?? "",
          target,
          status: answer.statusCode ?? 0,
          ended: "open",
          eventStream: String(answer.headers["content-type"] ?? "").startsWith("text/event-stream"),
        };
        this.remember(record);
        if (clientLeft) {
          record.ended = "left";
          upstream.destroy();
          resolve("answered");
          return;
        }
        response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(response);
        const passed = record;
        answer.on("end", () => {
          passed.ended = "complete";
        });
        const cut = () => {
          if (passed.ended === "open") passed.ended = "cut";
          response.destroy();
        };
        answer.on("aborted", cut);
        answer.on("error", cut);
        resolve("answered");
      });
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (answered) return;
        if (clientLeft) {
          resolve("answered");
          return;
        }
        const refused = error.code === "ECONNREFUSED";
        if (refused || (retryable && error.code === "ECONNRESET")) resolve("next");
        else {
          response.destroy();
          resolve("answered");
        }
      });
      upstream.end(body);
    });
  }

  private remember(record: Passed): void {
    this.passed.push(record);
    if (this.passed.length > MAX_REMEMBERED) this.passed.splice(0, this.passed.length - MAX_REMEMBERED);
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const HOP_BY_HOP = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
];

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const kept: http.OutgoingHttpHeaders = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
}
