import "server-only";
import type http from "node:http";
import type { ServerResponse } from "node:http";
import { beginStopping, isStopping } from "./stopping";

/** How long a stopping console lets its requests in flight finish: under the launcher's 10 s before SIGKILL. */
export const STOP_DEADLINE_MS = 8_000;

export interface StopOutcome {
  /** Requests still unanswered at the deadline, whose connections were then closed. */
  unfinished: number;
}

/**
 * The requests a console server is answering, so that stopping can drain them: it stops accepting connections,
 * tells the process it is stopping (the live event streams end, readiness answers 503), closes idle keep-alive
 * connections and every connection once its answer is sent, lets the requests in flight finish, and only at the
 * deadline closes what is left.
 */
export class InFlightRequests {
  private readonly open = new Set<ServerResponse>();
  private readonly emptied = new Set<() => void>();

  constructor(private readonly server: http.Server) {}

  get size(): number {
    return this.open.size;
  }

  /** Counts a response until it is sent or its connection goes; while stopping, its connection closes after it. */
  track(response: ServerResponse): void {
    if (isStopping()) response.shouldKeepAlive = false;
    this.open.add(response);
    response.once("close", () => {
      this.open.delete(response);
      if (!isStopping()) return;
      this.server.closeIdleConnections();
      if (this.open.size === 0) for (const done of [...this.emptied]) done();
    });
  }

  async stop(deadlineMs = STOP_DEADLINE_MS): Promise<StopOutcome> {
    beginStopping();
    this.server.close();
    this.server.closeIdleConnections();
    for (const response of this.open) if (!response.headersSent) response.shouldKeepAlive = false;
    if (this.open.size > 0) {
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
    const unfinished = this.open.size;
    this.server.closeAllConnections();
    return { unfinished };
  }
}
