import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONSOLE_API_DOC, renderConsoleApiDoc } from "./doc";

describe("docs/CONSOLE-API.md", () => {
  it("is what `npm run docs:api` writes from the endpoint table", () => {
    const written = readFileSync(path.resolve(import.meta.dirname, "../../..", CONSOLE_API_DOC), "utf8");
    expect(written, "docs/CONSOLE-API.md is stale: run `npm run docs:api`").toBe(renderConsoleApiDoc());
  });
});
