import { domainScriptIssue, NON_ASCII } from "./domain-scripts";

/**
 * Why the host of a URL would let a look-alike through, or null: a host typed with letters outside ASCII (the URL
 * parser turns "exаmple.com", with a Cyrillic "а", into an xn-- name that reads as the real one wherever the text is
 * shown as typed), or an xn-- part that the domain rule refuses (the look-alike rule of decision 0078, domain-scripts.ts).
 * A second admin approving an endpoint or a list's address must see the host the console will call.
 */
export function urlHostIssue(typed: string, url: URL): string | null {
  const afterScheme = typed.slice(typed.indexOf("//") + 2);
  const authority = afterScheme.split(/[/?#]/, 1)[0] ?? "";
  const host = authority.slice(authority.lastIndexOf("@") + 1);
  if (NON_ASCII.test(host)) {
    return `Write the host in ASCII letters, as ${url.hostname}: letters outside a-z can pass for others.`;
  }
  return domainScriptIssue(url.hostname);
}
