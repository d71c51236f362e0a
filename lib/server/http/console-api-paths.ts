import "server-only";
import { CONSOLE_API } from "../../universal/console-api/endpoints";

/** How a route folder's segment matches: `name`, `[param]` (one segment) or `[...param]` (one or more). */
const Kind = { Static: 0, Dynamic: 1, CatchAll: 2 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

interface Pattern {
  segments: { kind: Kind; text: string }[];
  /** What Next.js answers on it: the exported methods, HEAD beside GET, and OPTIONS (which it answers itself). */
  allow: string[];
}

function patterns(): Pattern[] {
  const methods = new Map<string, Set<string>>();
  for (const { method, path } of Object.values(CONSOLE_API)) {
    const set = methods.get(path) ?? new Set<string>();
    set.add(method);
    if (method === "GET") set.add("HEAD");
    set.add("OPTIONS");
    methods.set(path, set);
  }
  return [...methods].map(([path, allowed]) => ({
    segments: path
      .split("/")
      .slice(1)
      .map((text) => ({
        kind: text.startsWith("[...") ? Kind.CatchAll : text.startsWith("[") ? Kind.Dynamic : Kind.Static,
        text,
      })),
    allow: [...allowed],
  }));
}

const PATTERNS = patterns();

/** Whether a pattern matches the path's segments; a catch-all takes the rest, at least one. */
function matches(pattern: Pattern, segments: string[]): boolean {
  for (const [index, segment] of pattern.segments.entries()) {
    const part = segments[index];
    if (part === undefined || part === "") return false;
    if (segment.kind === Kind.CatchAll) return true;
    if (segment.kind === Kind.Static && segment.text !== part) return false;
  }
  return segments.length === pattern.segments.length;
}

/** Next.js's precedence between two routes a path matches: segment by segment, static before dynamic before catch-all. */
function moreSpecific(a: Pattern, b: Pattern): boolean {
  for (const [index, segment] of a.segments.entries()) {
    const other = b.segments[index];
    if (other === undefined) return false;
    if (segment.kind !== other.kind) return segment.kind < other.kind;
  }
  return false;
}

/**
 * The methods the console's route handler at this path (`/api/…`, percent-encoded as requested) answers, as
 * Next.js would route it; null when no route handler is there. Read from the endpoint table, which a test holds to
 * app/api's route files (lib/universal/console-api/endpoints.test.ts). A trailing slash is Next.js's to redirect.
 */
export function consoleApiMethods(pathname: string): readonly string[] | null {
  const segments = pathname.replace(/\/$/, "").split("/").slice(1);
  let best: Pattern | null = null;
  for (const pattern of PATTERNS) {
    if (matches(pattern, segments) && (best === null || moreSpecific(pattern, best))) best = pattern;
  }
  return best?.allow ?? null;
}
