import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Ends the connection after an answer sent before its request's body was read to its end (a 413 for a chunked
 * body past the limit, any refusal that does not read the body). Such a connection cannot be kept alive: what is
 * left of the body, or a client's next request, would be parsed as that body's bytes and the next request would
 * never be answered. The answer says `Connection: close` and Node closes the socket once it is flushed.
 */
export function closeWhenBodyUnread(request: IncomingMessage, response: ServerResponse): void {
  const writeHead = response.writeHead;
  // Every way of sending the head (writeHead, or the first write or end) goes through writeHead.
  response.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!request.complete) this.shouldKeepAlive = false;
    return writeHead.apply(this, args);
  } as typeof writeHead;
}
