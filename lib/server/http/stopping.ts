import "server-only";

type Listener = () => void;

interface StoppingState {
  stopping: boolean;
  listeners: Set<Listener>;
}

// One per process, on globalThis: Next.js's bundle (the event stream, the health routes) and the console server
// (server.ts, which starts the stop) each load their own copy of this module.
const KEY = Symbol.for("payments-console.stopping");
const holder = globalThis as typeof globalThis & { [KEY]?: StoppingState };

function state(): StoppingState {
  holder[KEY] ??= { stopping: false, listeners: new Set() };
  return holder[KEY];
}

/** True once this console process has begun to stop (SIGTERM): it finishes what it has, and takes nothing new. */
export function isStopping(): boolean {
  return state().stopping;
}

/** Calls `listener` when the process begins to stop (at once if it has); returns the way to stop listening. */
export function onStopping(listener: Listener): () => void {
  const current = state();
  if (current.stopping) {
    listener();
    return () => {};
  }
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
  };
}

/** Marks the process as stopping and tells everyone listening (the open event streams end). */
export function beginStopping(): void {
  const current = state();
  if (current.stopping) return;
  current.stopping = true;
  for (const listener of current.listeners) {
    try {
      listener();
    } catch {
      // One listener's failure must not keep the others from hearing.
    }
  }
  current.listeners.clear();
}
