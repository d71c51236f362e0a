// How the browser reaches one of the console's endpoints from its key alone. Its own module, apart from the endpoint
// table (./endpoints.ts): the table's summaries, permissions and audit actions are for the route handlers, the
// role-matrix test and docs/CONSOLE-API.md, and were 30 kB of every console page's first-load JavaScript. A key is
// the entry's method and path (`"PATCH /api/views/[viewId]"`; ./endpoints.test.ts holds the table to that).

import type { ConsoleMethod } from "./endpoints";

/** An endpoint's method and path, read from its key. */
export function endpointOfKey(key: string): { method: ConsoleMethod; path: string } {
  const space = key.indexOf(" ");
  return { method: key.slice(0, space) as ConsoleMethod, path: key.slice(space + 1) };
}

/** The URL of an endpoint: each `[name]` replaced by its parameter, percent-encoded, then the query if any. */
export function endpointUrl(path: string, params: Record<string, string> = {}, query = ""): string {
  const filled = path.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs the path parameter ${name}.`);
    return encodeURIComponent(value);
  });
  return `${filled}${query}`;
}
