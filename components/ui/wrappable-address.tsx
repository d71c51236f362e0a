import type * as React from "react";

/** Where an address may wrap: after an "@" that follows its name, and before each ".". */
const ADDRESS_WRAP_POINTS = /(?<=\S@)|(?=\.)/;

/** Where a machine-written value may wrap: after a "/", ",", ":", "=", "&" or "?", and before a "." or "@". */
const VALUE_WRAP_POINTS = /(?<=[/,:=&?])|(?=[.@])/;

/** `text` with a `<wbr>` at each of `points`: unchanged for copying, finding and screen readers. */
function withWrapPoints(text: string, points: RegExp): React.ReactNode {
  const nodes: React.ReactNode[] = [];
  let offset = 0;
  for (const part of text.split(points)) {
    if (offset > 0) nodes.push(<wbr key={offset} />);
    nodes.push(part);
    offset += part.length;
  }
  return <>{nodes}</>;
}

/**
 * A UMA address, a domain or an `@domain`, with the places it may wrap marked (`<wbr>`): after the "@" and before
 * each ".", so that a long one wraps at its own separators ("payments.example | .com") instead of inside a word. Its
 * container wraps with `wrap-break-word` (a part longer than the line is still cut rather than drawn past its
 * edge), never `break-all` or `wrap-anywhere`, which cut anywhere before these points are tried.
 */
export function WrappableAddress({ text }: { text: string }) {
  return withWrapPoints(text, ADDRESS_WRAP_POINTS);
}

/**
 * A path, key or other machine-written value (`/transactions/:transactionId/reject`, `changes.role`) with the places
 * it may wrap marked at its own separators, as an address's are: in a narrow column it wraps between its parts, not
 * in the middle of one. Its container wraps with `wrap-break-word`.
 */
export function WrappableValue({ text }: { text: string }) {
  return withWrapPoints(text, VALUE_WRAP_POINTS);
}
