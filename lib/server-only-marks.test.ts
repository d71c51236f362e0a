import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const LIB = import.meta.dirname;
// Code the browser reads too (the webhook checker's diagnosis); what both programs share lives in shared/.
const SHARED = [/^webhooks\/diagnose\.ts$/];
// What only a server can do: the database, the credential's transport, files, keys.
const SERVER_ONLY_IMPORT =
  /from "(pg|drizzle-orm(\/[^"]*)?|node:(crypto|http|https|fs|net)|(\.\.\/)+db(\/[^"]*)?)"/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : files(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("the server/browser split", () => {
  it("marks every lib module that reaches the database, the network or keys as server-only", () => {
    const unmarked = files(LIB)
      .map((file) => path.relative(LIB, file))
      .filter((file) => !SHARED.some((pattern) => pattern.test(file)))
      .filter((file) => {
        const text = readFileSync(path.join(LIB, file), "utf8");
        // A type-only import reaches nothing at run time.
        const runtime = text.replace(/^import type .*$/gm, "");
        return SERVER_ONLY_IMPORT.test(runtime) && !text.includes('import "server-only";');
      });
    expect(unmarked).toEqual([]);
  });
});
