import "server-only";
import pg from "pg";
import { env } from "../env";
import { type ConsoleEvent, EVENTS_CHANNEL } from "./types";

type Subscriber = (event: ConsoleEvent) => void;

/**
 * One LISTEN connection per console process, shared by every open event stream; it reconnects with backoff
 * when the database goes away, so streams survive a database restart.
 */
class EventListener {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly subscribers = new Set<Subscriber>();
  private retryMs = 500;

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    void this.ensureConnected();
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  private ensureConnected(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: env().DATABASE_URL });
    client.on("error", () => this.drop(client));
    client.on("end", () => this.drop(client));
    client.on("notification", (message) => {
      if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
      let event: ConsoleEvent;
      try {
        event = JSON.parse(message.payload) as ConsoleEvent;
      } catch {
        return;
      }
      for (const subscriber of this.subscribers) subscriber(event);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      this.client = client;
      this.retryMs = 500;
    } catch {
      await client.end().catch(() => {});
      this.scheduleReconnect();
    }
  }

  private drop(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    void client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.subscribers.size === 0) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 15_000);
    setTimeout(() => void this.ensureConnected(), delay).unref();
  }
}

const holder = globalThis as typeof globalThis & { __consoleEventListener?: EventListener };

export function eventListener(): EventListener {
  holder.__consoleEventListener ??= new EventListener();
  return holder.__consoleEventListener;
}
