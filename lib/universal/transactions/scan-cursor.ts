/**
 * Where a scan of the API's list stopped: the API's cursor of the page it was reading (none for the first page)
 * and how many records of that page it had already gone through. Opaque to the browser (base64url JSON).
 */
export type ScanPosition = { cursor: string | null; skip: number };

export function encodeScanCursor(position: ScanPosition): string {
  return Buffer.from(JSON.stringify({ c: position.cursor, s: position.skip })).toString("base64url");
}

/** The position a cursor names, or null when it is not one this console made. */
export function decodeScanCursor(text: string): ScanPosition | null {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as { c?: unknown; s?: unknown };
    const cursor =
      value.c === null ? null : typeof value.c === "string" && value.c.length <= 2_000 ? value.c : undefined;
    const skip = value.s;
    if (
      cursor === undefined ||
      typeof skip !== "number" ||
      !Number.isInteger(skip) ||
      skip < 0 ||
      skip > 100
    ) {
      return null;
    }
    return { cursor, skip };
  } catch {
    return null;
  }
}
