import type { FastifyInstance, FastifyReply } from "fastify";

// Pages the service hosts for people (the KYC page, the invitee's invitation page): plain HTML that works without
// script, every value escaped, under a Content-Security-Policy that allows no script, no frame and no other origin.

/**
 * Pages for people carry their own credential instead of the API's: the hosted KYC page its single-use token, the
 * invitee's invitation page (an invitation's url) its code. They answer their own errors as HTML pages.
 */
const PUBLIC_PAGE_PREFIXES = ["/hosted/", "/i/"] as const;

export const isPublicPagePath = (path: string) =>
  PUBLIC_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix));

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1b1d21; }
  main { max-width: 40rem; margin: 2rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem; }
  fieldset { border: 1px solid #d5d8de; border-radius: 0.5rem; margin: 0 0 1.25rem; padding: 1rem; }
  legend { font-weight: 600; padding: 0 0.25rem; }
  .field { margin-bottom: 0.9rem; }
  .field label { display: block; font-weight: 500; margin-bottom: 0.25rem; }
  input[type=text], input[type=date] { width: 100%; box-sizing: border-box; padding: 0.5rem; font: inherit;
    border: 1px solid #8a909b; border-radius: 0.375rem; }
  input[aria-invalid=true] { border-color: #b3261e; border-width: 2px; }
  .hint { color: #4a505b; margin: 0 0 0.25rem; font-size: 0.9rem; }
  .error { color: #b3261e; font-weight: 600; margin: 0 0 0.25rem; }
  .summary { border: 2px solid #b3261e; border-radius: 0.5rem; padding: 0.75rem 1rem; margin-bottom: 1.25rem; }
  .notice { border: 1px solid #d5d8de; background: #f6f7f9; border-radius: 0.5rem; padding: 0.75rem 1rem;
    margin-bottom: 1.25rem; }
  .facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.5rem 1.25rem; margin: 0 0 1.5rem; }
  .facts dt { font-weight: 600; color: #4a505b; }
  .facts dd { margin: 0; overflow-wrap: anywhere; }
  .mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; }
  button { font: inherit; padding: 0.6rem 1.1rem; border-radius: 0.375rem; border: 1px solid #1b1d21; cursor: pointer; }
  button.primary { background: #1b1d21; color: #fff; }
  button.secondary { background: #fff; color: #1b1d21; }
  :focus-visible { outline: 3px solid #2f6fde; outline-offset: 2px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** Answers a page; `body` is HTML the caller built with every value escaped. */
export function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .header("x-content-type-options", "nosniff")
    .header("x-frame-options", "DENY")
    .header(
      "content-security-policy",
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    )
    .send(page(title, body));
}

/** A page's form posts arrive URL-encoded: read them as a flat record of strings (within this plugin only). */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
