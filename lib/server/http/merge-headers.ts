import "server-only";

type HeaderPart = Readonly<Record<string, string>>;

/**
 * A new header object with every part's headers, later parts winning: what `{ ...a, ...b, name: value }` says,
 * built without object spread. In the console's process V8 gives an object spread followed by more properties (a
 * second spread, or a property) a hidden class of its own on every call, allocated in the old generation with its
 * descriptors: about 550 bytes per call that only a full collection of the whole heap frees. On the relay's path,
 * once per call for the request to the API and once for the answer, that made a full collection every few thousand
 * calls (docs/ARCHITECTURE.md, "The proxy runs beside Next.js"). `Object.assign` onto a fresh object reuses the
 * hidden classes it builds.
 */
export function mergeHeaders(...parts: HeaderPart[]): Record<string, string> {
  return Object.assign({}, ...parts);
}
