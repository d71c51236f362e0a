// GET /api/events — server-sent events: what changed, for the browser to refresh its queries
import { keptUserFromRequestHeaders, userFromRequestHeaders } from "@/lib/server/auth/session-user";
import { currentEnvironment } from "@/lib/server/environments/current";
import { eventListener } from "@/lib/server/events/listener";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { onStopping } from "@/lib/server/http/stopping";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { LIVE_EVENT } from "@/lib/universal/events/live-event";

export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 20_000;
// How soon a browser reconnects after its stream ends: a console that stops ends its streams (lib/server/http/stopping.ts),
// and the browser's EventSource reconnects, through the load balancer, to a console that is still serving.
const RETRY_MS = 3_000;

export const GET = consoleRoute(CONSOLE_API["GET /api/events"], async ({ request, user }) => {
  const environment = currentEnvironment();
  // The session is checked when the stream opens and again before every event and heartbeat: a sign-out, a disable,
  // a role change or a new password anywhere ends the stream at its next event (at most a heartbeat later).
  const signedIn = () => keptUserFromRequestHeaders(request.headers)?.id === user.id;
  const stillSignedIn = async () => {
    try {
      return (await userFromRequestHeaders(request.headers))?.id === user.id;
    } catch {
      // Fail closed: a session that cannot be checked gets no more events; the browser reconnects through the guard.
      return false;
    }
  };
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const end = () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      };
      const enqueue = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      // Sent at once while this process keeps the person as signed in; else only once their session is checked again.
      const send = (text: string) => {
        if (signedIn()) return enqueue(text);
        void stillSignedIn().then((still) => (still ? enqueue(text) : end()));
      };
      enqueue(`retry: ${RETRY_MS}\n\n`);
      const unsubscribe = eventListener().subscribe({
        // Only this browser's environment's events (and the unverified deliveries, which belong to none).
        onEvent(event) {
          if (event.environment && event.environment !== environment) return;
          send(`data: ${JSON.stringify(event)}\n\n`);
        },
        // From here on no event is missed: the browser refreshes what it fetched before (lib/universal/events/live-event.ts).
        onLive() {
          send(`event: ${LIVE_EVENT}\ndata: {}\n\n`);
        },
      });
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      let stopListening = () => {};
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        stopListening();
      };
      request.signal.addEventListener("abort", end);
      // Registered last: a stream opened while the console stops ends at once, and the browser reconnects elsewhere.
      stopListening = onStopping(end);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
});
