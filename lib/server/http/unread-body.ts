import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How long, and how many more bytes, a closing connection is read and discarded after its answer. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 8 * 1024 * 1024;

/**
 * Ends the connection after an answer sent before its request's body was read to its end (a 413 for a chunked
 * body past the limit, any refusal that does not read the body). Such a connection cannot be kept alive: what is
 * left of the body, or a client's next request, would be parsed as that body's bytes and the next request would
 * never be answered. The answer says `Connection: close`; once it is flushed the console stops sending (FIN) but
 * reads and discards what the client still sends for a bounded while before closing: closing with bytes unread
 * makes the kernel reset the connection, and a client still sending its body could lose the answer with it.
 */
export function closeWhenBodyUnread(request: IncomingMessage, response: ServerResponse): void {
  // A request with neither a length nor a transfer coding has no body (RFC 9112, 6.3): nothing can be left unread.
  const { headers } = request;
  if (headers["transfer-encoding"] === undefined && Number(headers["content-length"] ?? 0) === 0) return;
  const writeHead = response.writeHead;
  // Every way of sending the head (writeHead, or the first write or end) goes through writeHead.
  response.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!request.complete && this.shouldKeepAlive) {
      this.shouldKeepAlive = false;
      // Taken now: Node detaches the answer from its socket as it finishes.
      const socket = this.socket;
      if (socket) this.once("finish", () => lingerThenClose(socket));
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

function lingerThenClose(socket: Socket): void {
  // Node ends the socket when such an answer finishes and destroys it once the end is flushed (destroySoon); the
  // destroy is what would reset the connection, so it waits here instead.
  socket.removeListener("finish", socket.destroy);
  if (socket.destroyed) return;
  const readBefore = socket.bytesRead;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.on("data", () => {
    if (socket.bytesRead - readBefore > LINGER_BYTES) close();
  });
  socket.once("end", close);
  socket.once("close", () => clearTimeout(timer));
  socket.resume();
}
