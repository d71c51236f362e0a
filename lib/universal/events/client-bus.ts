import type { ConsoleEvent } from "./types";

type Listener = (event: ConsoleEvent) => void;

const listeners = new Set<Listener>();

/** In-page fan-out of the server's events, for components that react to more than a query refresh. */
export function onConsoleEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitConsoleEvent(event: ConsoleEvent): void {
  for (const listener of listeners) listener(event);
}
