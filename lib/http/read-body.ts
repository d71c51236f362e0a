import "server-only";
import type { IncomingMessage } from "node:http";
import { ApiError } from "../../shared/api-error";

/** Reads a request body as text, refusing it with 413 as soon as it passes `maxBytes`. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  checkDeclaredLength(request.headers.get("content-length"), maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads a body that will not be used, keeping only its first `keepBytes`: the rest is read and dropped (so the
 * connection stays usable) but never held, and the body is refused with 413 past `maxBytes` as readBodyText does.
 */
export async function readBodyExcerpt(
  request: Request,
  maxBytes: number,
  keepBytes: number,
): Promise<{ excerpt: Uint8Array; bytes: number }> {
  checkDeclaredLength(request.headers.get("content-length"), maxBytes);
  const excerpt = new Uint8Array(keepBytes);
  let bytes = 0;
  if (!request.body) return { excerpt: excerpt.subarray(0, 0), bytes };
  const reader = request.body.getReader();
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes < keepBytes) excerpt.set(value.subarray(0, keepBytes - bytes), bytes);
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
  }
  return { excerpt: excerpt.subarray(0, Math.min(bytes, keepBytes)), bytes };
}

/**
 * The same for a Node request (the console server's own routes). Past the limit the rest of the body is left
 * unread: Node discards it once the 413 answer is sent.
 */
export function readIncomingText(request: IncomingMessage, maxBytes: number): Promise<string> {
  checkDeclaredLength(request.headers["content-length"] ?? null, maxBytes);
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    const stop = () => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onError);
      request.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        stop();
        reject(tooLarge(maxBytes));
        return;
      }
      parts.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(parts).toString("utf8"));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onClose = () => {
      stop();
      reject(new Error("The client closed the request before its body arrived."));
    };
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", onError);
    request.on("close", onClose);
  });
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
