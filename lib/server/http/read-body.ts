import "server-only";
import type { IncomingMessage } from "node:http";
import { ApiError } from "../../../shared/api-error";
import { NOT_UTF8_MESSAGE, strictUtf8 } from "../../../shared/utf8";

/** A request whose body is read: a fetch Request (route handlers) or a Node request (the console server's relay). */
export type BodySource = Request | IncomingMessage;

/**
 * Reads a request body as text, refusing it with 413 as soon as it passes `maxBytes`, and with 400 when it is not
 * UTF-8 (never stored with its stray bytes replaced).
 */
export async function readBodyText(request: BodySource, maxBytes: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  await readChunks(request, maxBytes, (chunk) => chunks.push(chunk));
  const text = strictUtf8(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks));
  if (text === null) throw new ApiError(400, "INVALID_INPUT", NOT_UTF8_MESSAGE);
  return text;
}

/**
 * Reads a body that will not be used, keeping only its first `keepBytes`: the rest is read and dropped (so the
 * connection stays usable) but never held, and the body is refused with 413 past `maxBytes` as readBodyText does.
 */
export async function readBodyExcerpt(
  request: BodySource,
  maxBytes: number,
  keepBytes: number,
): Promise<{ excerpt: Uint8Array; bytes: number }> {
  const excerpt = new Uint8Array(keepBytes);
  let kept = 0;
  const bytes = await readChunks(request, maxBytes, (chunk) => {
    if (kept < keepBytes) {
      const part = chunk.subarray(0, keepBytes - kept);
      excerpt.set(part, kept);
      kept += part.byteLength;
    }
  });
  return { excerpt: excerpt.subarray(0, kept), bytes };
}

interface ChunkReader {
  read(): Promise<Uint8Array | null>;
  /** Stops reading past the limit: a fetch body is cancelled; a Node request's rest is left unread (Node discards it once the 413 is sent). */
  stop(): Promise<void>;
}

/** The one body reader: every chunk to `onChunk` until the end, 413 past `maxBytes` (declared or sent). */
async function readChunks(
  request: BodySource,
  maxBytes: number,
  onChunk: (chunk: Uint8Array) => void,
): Promise<number> {
  checkDeclaredLength(declaredLength(request), maxBytes);
  const reader = chunkReader(request);
  if (!reader) return 0;
  let size = 0;
  while (true) {
    const chunk = await reader.read();
    if (chunk === null) return size;
    size += chunk.byteLength;
    if (size > maxBytes) {
      await reader.stop();
      throw tooLarge(maxBytes);
    }
    onChunk(chunk);
  }
}

const isNodeRequest = (request: BodySource): request is IncomingMessage =>
  typeof (request as IncomingMessage).pipe === "function";

function declaredLength(request: BodySource): string | null {
  if (isNodeRequest(request)) return request.headers["content-length"] ?? null;
  return request.headers.get("content-length");
}

function chunkReader(request: BodySource): ChunkReader | null {
  if (isNodeRequest(request)) {
    // Not destroyed when left early: the answer must still reach the client on this connection.
    const chunks = request.iterator({ destroyOnReturn: false });
    return {
      read: async () => {
        const { done, value } = await chunks.next();
        return done ? null : (value as Buffer);
      },
      stop: async () => {
        await chunks.return?.();
      },
    };
  }
  if (!request.body) return null;
  const reader = request.body.getReader();
  return {
    read: async () => {
      const { done, value } = await reader.read();
      return done ? null : value;
    },
    stop: () => reader.cancel(),
  };
}

function checkDeclaredLength(declared: string | null, maxBytes: number): void {
  if (Number(declared ?? "0") > maxBytes) throw tooLarge(maxBytes);
}

const tooLarge = (maxBytes: number) =>
  new ApiError(
    413,
    "PAYLOAD_TOO_LARGE",
    `The request body is larger than ${Math.round(maxBytes / 1024)} KB.`,
  );
