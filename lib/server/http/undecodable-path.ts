import "server-only";

/**
 * A request target whose path Next.js could not decode, made one it can; null when it already can.
 *
 * Next.js decodes each path segment to fill a dynamic route's params, and answers a segment that is not valid
 * percent-encoding (`%ZZ`, or `%E0%A4%A`, half a UTF-8 character) with a bare 500 of its own, before any page,
 * route handler or sign-in check runs. Such a segment is taken literally instead: each of its `%` is written
 * `%25`, so `/transactions/%ZZ` asks for the payment whose id is `%ZZ`, which does not exist, and the page says so.
 * The query is left as it is (Next.js reads a malformed one without failing).
 */
export function decodablePath(target: string): string | null {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!path.includes("%")) return null;
  const segments = path.split("/");
  let changed = false;
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index] as string;
    if (!segment.includes("%") || decodes(segment)) continue;
    segments[index] = segment.replaceAll("%", "%25");
    changed = true;
  }
  if (!changed) return null;
  return segments.join("/") + (queryAt === -1 ? "" : target.slice(queryAt));
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}
