import "server-only";
import { type ConsoleEvent, EVENTS_CHANNEL } from "../../universal/events/types";
import { ChannelListener } from "../db/channel-listener";
import { env } from "../env";

/** One open event stream, as the listener sees it. */
export interface EventSubscriber {
  /** An event announced by any console instance. */
  onEvent(event: ConsoleEvent): void;
  /**
   * The LISTEN connection is live: from now on every event reaches `onEvent`. Called once the subscriber is
   * registered and the connection is up, and again each time it comes back after going away — events announced in
   * between are lost, so whatever the subscriber shows may be stale.
   */
  onLive(): void;
}

/**
 * One LISTEN connection per console process, shared by every open event stream; it reconnects with backoff
 * when the database goes away, so streams survive a database restart.
 */
export class EventListener {
  private readonly subscribers = new Set<EventSubscriber>();
  private listener: ChannelListener | null = null;

  constructor(private readonly connectionString: () => string) {}

  subscribe(subscriber: EventSubscriber): () => void {
    this.subscribers.add(subscriber);
    this.listener ??= new ChannelListener({
      connectionString: this.connectionString(),
      channel: EVENTS_CHANNEL,
      onMessage: (payload) => this.deliver(payload),
      onLive: (live) => {
        if (!live) return;
        for (const each of this.subscribers) each.onLive();
      },
    });
    if (this.listener.live) subscriber.onLive();
    else void this.listener.start();
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  /** Disconnects for good (tests, shutdown). */
  async close(): Promise<void> {
    this.subscribers.clear();
    await this.listener?.stop();
  }

  private deliver(payload: string) {
    let event: ConsoleEvent;
    try {
      event = JSON.parse(payload) as ConsoleEvent;
    } catch {
      return;
    }
    for (const subscriber of this.subscribers) subscriber.onEvent(event);
  }
}

const holder = globalThis as typeof globalThis & { __consoleEventListener?: EventListener };

export function eventListener(): EventListener {
  holder.__consoleEventListener ??= new EventListener(() => env().DATABASE_URL);
  return holder.__consoleEventListener;
}
