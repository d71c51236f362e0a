import { ConsoleError } from "./errors";

/** Reads a request body as text, refusing it with 413 as soon as it passes `maxBytes`. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
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

const tooLarge = (maxBytes: number) =>
  new ConsoleError(
    413,
    "PAYLOAD_TOO_LARGE",
    `The request body is larger than ${Math.round(maxBytes / 1024)} KB.`,
  );
