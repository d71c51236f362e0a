import "server-only";
import { ChannelListener } from "../db/channel-listener";
import { env } from "../env";
import { type ConsoleEvent, EVENTS_CHANNEL } from "./types";

type Subscriber = (event: ConsoleEvent) => void;

/**
 * One LISTEN connection per console process, shared by every open event stream; it reconnects with backoff
 * when the database goes away, so streams survive a database restart.
 */
class EventListener {
  private readonly subscribers = new Set<Subscriber>();
  private listener: ChannelListener | null = null;

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    this.listener ??= new ChannelListener({
      connectionString: env().DATABASE_URL,
      channel: EVENTS_CHANNEL,
      onMessage: (payload) => this.deliver(payload),
    });
    void this.listener.start();
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  private deliver(payload: string) {
    let event: ConsoleEvent;
    try {
      event = JSON.parse(payload) as ConsoleEvent;
    } catch {
      return;
    }
    for (const subscriber of this.subscribers) subscriber(event);
  }
}

const holder = globalThis as typeof globalThis & { __consoleEventListener?: EventListener };

export function eventListener(): EventListener {
  holder.__consoleEventListener ??= new EventListener();
  return holder.__consoleEventListener;
}
