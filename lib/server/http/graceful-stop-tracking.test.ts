import { EventEmitter } from "node:events";
import type http from "node:http";
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { InFlightRequests } from "./graceful-stop";

const STOPPING = Symbol.for("payments-console.stopping");

/** What InFlightRequests uses of an answer: its close, whether its head went out, and its keep-alive. */
class FakeResponse extends EventEmitter {
  shouldKeepAlive = true;
  headersSent = false;
  constructor(readonly name: number) {
    super();
  }
}

function fakeServer() {
  const calls: string[] = [];
  const server = {
    close: () => calls.push("close"),
    closeIdleConnections: () => calls.push("idle"),
    closeAllConnections: () => calls.push("all"),
  };
  return { server: server as unknown as http.Server, calls };
}

/**
 * The items in an order set by `seed`: a stride through them (a prime above any length used here, so every item comes
 * once) from an offset, both chosen by the seed.
 */
function shuffled<T>(items: T[], seed: number): T[] {
  const strides = [43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97];
  const stride = strides[seed % strides.length] as number;
  return items.map((_, index) => items[(index * stride + seed) % items.length] as T);
}

afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[STOPPING];
});

describe("the requests a console server counts as in flight", () => {
  it("knows exactly which answers are open, whatever order they close in", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const inFlight = new InFlightRequests(fakeServer().server);
      const responses = Array.from({ length: 1 + (seed % 40) }, (_, index) => new FakeResponse(index));
      for (const response of responses) inFlight.track(response as unknown as ServerResponse);
      let open = responses.length;
      for (const response of shuffled(responses, seed)) {
        response.emit("close");
        open--;
        expect(inFlight.size, `seed ${seed}`).toBe(open);
      }
    }
  });

  it("while stopping, keeps every unsent answer from keeping its connection, and waits for the last one", async () => {
    for (let seed = 1; seed <= 50; seed++) {
      const { server, calls } = fakeServer();
      const inFlight = new InFlightRequests(server);
      const responses = Array.from({ length: 2 + (seed % 20) }, (_, index) => new FakeResponse(index));
      for (const response of responses) inFlight.track(response as unknown as ServerResponse);
      // Some close before the stop, in a shuffled order; one of those left open has its head sent already.
      const order = shuffled(responses, seed);
      const closedFirst = order.slice(0, seed % responses.length);
      for (const response of closedFirst) response.emit("close");
      const stillOpen = order.slice(closedFirst.length);
      const sent = stillOpen[0] as FakeResponse;
      sent.headersSent = true;

      let settled = false;
      const stopped = inFlight.stop(60_000).then((outcome) => {
        settled = true;
        return outcome;
      });
      for (const response of stillOpen) {
        expect(response.shouldKeepAlive, `seed ${seed}, answer ${response.name}`).toBe(response === sent);
      }
      for (const response of stillOpen) {
        await new Promise((resolve) => setImmediate(resolve));
        expect(settled, `seed ${seed}: stopped before answer ${response.name} closed`).toBe(false);
        response.emit("close");
      }
      expect(await stopped).toEqual({ unfinished: 0 });
      expect(calls.at(-1)).toBe("all");
      delete (globalThis as Record<symbol, unknown>)[STOPPING];
    }
  });
});
