import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../service/test-support/database";
import { type ConsoleEvent, EVENTS_CHANNEL } from "../../universal/events/types";
import { EventListener, type EventSubscriber } from "./listener";

let url: string;
let other: pg.Client;

beforeAll(async () => {
  url = await createTestDatabase("event_listener");
  // Another console instance, announcing as lib/server/events/announce.ts does.
  other = new pg.Client({ connectionString: url });
  await other.connect();
});

afterAll(async () => {
  await other.end();
});

async function eventually(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 250; attempt++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("condition not met within 5 s");
}

/** A subscriber that writes down what it hears. */
function recording() {
  const heard: { events: ConsoleEvent[]; lives: number } = { events: [], lives: 0 };
  const subscriber: EventSubscriber = {
    onEvent: (event) => heard.events.push(event),
    onLive: () => heard.lives++,
  };
  return { heard, subscriber };
}

const announce = (transactionId: string) => {
  const event: ConsoleEvent = {
    kind: "approval-decided",
    environment: "sandbox",
    transactionId,
    decision: "approved",
    decidedBy: "someone",
  };
  return other.query("select pg_notify($1, $2)", [EVENTS_CHANNEL, JSON.stringify(event)]);
};

const transactionIds = (events: ConsoleEvent[]) =>
  events.map((event) =>
    event.kind === "approval-decided" ? event.transactionId : event.kind === "webhook" ? event.webhookId : "",
  );

describe("EventListener", () => {
  it("says when a stream hears every event: once its connection is up, and again after it comes back", async () => {
    const listener = new EventListener(() => url);
    const first = recording();
    listener.subscribe(first.subscriber);
    // Not live before the LISTEN connection is up: an event announced now would not reach it.
    expect(first.heard.lives).toBe(0);
    await eventually(() => first.heard.lives === 1);
    await announce("Transaction:one");
    await eventually(() => first.heard.events.length === 1);

    // A stream opened while the connection is up is live at once.
    const second = recording();
    listener.subscribe(second.subscriber);
    expect(second.heard.lives).toBe(1);

    // The connection goes away (a database restart, a network cut): events announced until it is back are lost,
    // so every stream is told it is live again, to refresh what it shows.
    await other.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN ${EVENTS_CHANNEL}' and datname = current_database()`,
    );
    await eventually(() => first.heard.lives === 2 && second.heard.lives === 2);
    await announce("Transaction:two");
    await eventually(() => first.heard.events.length === 2 && second.heard.events.length === 1);
    expect(transactionIds(first.heard.events)).toEqual(["Transaction:one", "Transaction:two"]);
    expect(transactionIds(second.heard.events)).toEqual(["Transaction:two"]);
    await listener.close();
  });

  it("stops telling a stream anything once it unsubscribes", async () => {
    const listener = new EventListener(() => url);
    const kept = recording();
    const gone = recording();
    listener.subscribe(kept.subscriber);
    const unsubscribe = listener.subscribe(gone.subscriber);
    await eventually(() => kept.heard.lives === 1 && gone.heard.lives === 1);
    unsubscribe();
    await announce("Transaction:three");
    await eventually(() => kept.heard.events.length === 1);
    expect(gone.heard.events).toEqual([]);
    await listener.close();
  });
});
