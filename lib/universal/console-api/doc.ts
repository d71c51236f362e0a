import { can, type Permission, roles } from "../auth/permissions";
import { CONSOLE_API, type ConsoleEndpoint } from "./endpoints";

/** Where `npm run docs:api` (scripts/console-api-doc.ts) writes the table, from the repository's root. */
export const CONSOLE_API_DOC = "docs/CONSOLE-API.md";

const cell = (text: string) => text.replaceAll("|", "\\|");

function rolesOf(permission: Permission): string {
  const inSandbox = roles.filter((role) => can(role, permission, "sandbox"));
  const inProduction = roles.filter((role) => can(role, permission, "production"));
  const same = inSandbox.join() === inProduction.join();
  return same
    ? inSandbox.join(", ")
    : `${inSandbox.join(", ")} (production: ${inProduction.join(", ") || "none"})`;
}

/** docs/CONSOLE-API.md: the console's own endpoints, written from lib/universal/console-api/endpoints.ts. */
export function renderConsoleApiDoc(): string {
  const entries: ConsoleEndpoint[] = Object.values(CONSOLE_API);
  const used = [...new Set(entries.flatMap((entry) => (entry.public ? [] : [entry.permission])))].sort();
  const lines = [
    "# The console's own API",
    "",
    "<!-- Written by `npm run docs:api` (scripts/console-api-doc.ts) from lib/universal/console-api/endpoints.ts: do not edit by hand. -->",
    "",
    "Every endpoint under `app/api/` but the relay (`/api/payments/*`, its own table: lib/universal/relay/route-table.ts).",
    "A guarded endpoint goes through `consoleRoute` (lib/server/guard/console-route.ts): session, CSRF for a mutation,",
    "the permission below, and its audit action (a mutation's attempt and outcome; any refusal). The browser calls one",
    "with `consoleCall(key, …)` (lib/client/api/client.ts); e2e/api/rbac-matrix.spec.ts calls each as every role.",
    "A path's `[name]` is a path parameter. A path under `/api/` that is not below is answered 404 `NOT_FOUND`, and a",
    "method its path lacks 405 `METHOD_NOT_ALLOWED` with `Allow`, both in the API's error shape",
    "(lib/server/http/console-api-paths.ts).",
    "",
    "| Method | Path | Permission | Audit action | Summary |",
    "| ------ | ---- | ---------- | ------------ | ------- |",
    ...entries.map((entry) =>
      [
        "",
        entry.method,
        `\`${entry.path}\``,
        entry.public ? "public" : entry.permission,
        entry.public ? "—" : `\`${entry.action}\``,
        cell(entry.summary),
        "",
      ]
        .join(" | ")
        .trim(),
    ),
    "",
    "## Who holds each permission",
    "",
    "From lib/universal/auth/permissions.ts.",
    "",
    "| Permission | Roles |",
    "| ---------- | ----- |",
    ...used.map((permission) => `| ${permission} | ${rolesOf(permission)} |`),
    "",
  ];
  return lines.join("\n");
}
