import type * as React from "react";

/** Where an address may wrap: after an "@" that follows its name, and before each ".". */
const WRAP_POINTS = /(?<=\S@)|(?=\.)/;

/**
 * A UMA address, a domain or an `@domain`, with the places it may wrap marked (`<wbr>`): after the "@" and before
 * each ".", so that a long one wraps at its own separators ("payments.example | .com") instead of inside a word. The
 * text is unchanged for copying, finding and screen readers. Its container wraps with `wrap-break-word` (a part
 * longer than the line is still cut rather than drawn past its edge), never `break-all` or `wrap-anywhere`, which
 * cut anywhere before these points are tried.
 */
export function WrappableAddress({ text }: { text: string }) {
  const nodes: React.ReactNode[] = [];
  let offset = 0;
  for (const part of text.split(WRAP_POINTS)) {
    if (offset > 0) nodes.push(<wbr key={offset} />);
    nodes.push(part);
    offset += part.length;
  }
  return <>{nodes}</>;
}
