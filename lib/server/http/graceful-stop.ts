import "server-only";
import type http from "node:http";
import type { ServerResponse } from "node:http";
import { beginStopping, isStopping } from "./stopping";

/** How long a stopping console lets its requests in flight finish: under the launcher's 10 s before SIGKILL. */
const STOP_DEADLINE_MS = 8_000;

export interface StopOutcome {
  /** Requests still unanswered at the deadline, whose connections were then closed. */
  unfinished: number;
}

/** Where a tracked answer sits in the list of open ones (a slot of its own: removal swaps the last one in). */
const SLOT = Symbol("in-flight slot");
type Tracked = ServerResponse & { [SLOT]?: number };

/**
 * The requests a console server is answering, so that stopping can drain them: it stops accepting connections,
 * tells the process it is stopping (the live event streams end, readiness answers 503), closes idle keep-alive
 * connections and every connection once its answer is sent, lets the requests in flight finish, and only at the
 * deadline closes what is left.
 */
export class InFlightRequests {
  /**
   * The answers not yet closed, in an array rather than a Set: a Set's table is rebuilt as entries come and go, and
   * each table it leaves behind in the old generation still names the answers open at that moment, so every
   * scavenge kept those answers (and all they hold: the request, its headers, the API's answer) alive and promoted
   * them, about 1.7 kB per proxied call, until a full collection of the whole heap. An array whose last entry fills
   * the slot of the one that leaves keeps its one backing store while the number open stays about the same.
   */
  private readonly open: Tracked[] = [];
  private readonly emptied = new Set<() => void>();

  constructor(private readonly server: http.Server) {}

  get size(): number {
    return this.open.length;
  }

  /** Counts a response until it is sent or its connection goes; while stopping, its connection closes after it. */
  track(response: ServerResponse): void {
    if (isStopping()) response.shouldKeepAlive = false;
    const tracked: Tracked = response;
    tracked[SLOT] = this.open.length;
    this.open.push(tracked);
    response.once("close", () => {
      this.forget(tracked);
      if (!isStopping()) return;
      this.server.closeIdleConnections();
      if (this.open.length === 0) for (const done of [...this.emptied]) done();
    });
  }

  /** Called once per tracked answer (its "close" is heard once). */
  private forget(response: Tracked): void {
    const slot = response[SLOT] as number;
    const last = this.open.pop() as Tracked;
    if (last === response) return;
    this.open[slot] = last;
    last[SLOT] = slot;
  }

  async stop(deadlineMs = STOP_DEADLINE_MS): Promise<StopOutcome> {
    beginStopping();
    this.server.close();
    this.server.closeIdleConnections();
    for (const response of this.open) if (!response.headersSent) response.shouldKeepAlive = false;
    if (this.open.length > 0) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.emptied.delete(done);
          resolve();
        };
        const timer = setTimeout(done, deadlineMs);
        this.emptied.add(done);
      });
    }
    const unfinished = this.open.length;
    this.server.closeAllConnections();
    return { unfinished };
  }
}
