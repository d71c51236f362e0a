// Security headers for every response of the console. Kept in plain JavaScript because next.config.mjs loads it.

/** Every directive but script-src: only this origin, and no other site may frame the console (clickjacking). */
const COMMON_DIRECTIVES = [
  "default-src 'self'",
  // React and the UI libraries set style attributes, which a nonce cannot cover; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  // https targets for the single sign-on redirect.
  "form-action 'self' https:",
];

/**
 * The policy of answers that are not pages (JSON, event streams, files, redirects): they run no script at all.
 */
export const CONTENT_SECURITY_POLICY = ["script-src 'none'", ...COMMON_DIRECTIVES].join("; ");

/**
 * A page's policy: scripts only with this request's nonce, and what they load ('strict-dynamic': Next's chunks).
 * proxy.ts makes a nonce per request and puts this policy on the request, where Next.js finds the nonce and gives
 * it to its own scripts, and on the answer. 'self' is for browsers without 'strict-dynamic', which ignore it.
 */
export function pageContentSecurityPolicy(nonce) {
  // React's development build (`npm run dev` only) rebuilds error stacks with eval; production never needs it.
  const devEval = process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : "";
  return [`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${devEval}`, ...COMMON_DIRECTIVES].join("; ");
}

/** Headers of every answer, the policy aside (it depends on the answer: a page's, or CONTENT_SECURITY_POLICY). */
export const BASE_SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  // Production builds always send HSTS; browsers ignore it on plain-http localhost, so local use is unaffected.
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
];

/** The headers of an answer that is not a page (the proxy's, the console server's own refusals). */
export const SECURITY_HEADERS = [
  { key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
  ...BASE_SECURITY_HEADERS,
];
