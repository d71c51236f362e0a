import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
const FOLDERS = ["app", "components", "lib", "shared"];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * An Intl object (`new Intl.NumberFormat(…)`, `Intl.Collator(…)`) made by a statement at module scope: formatted
 * code writes module scope unindented, so such a statement starts at the line's first column. Types (`Intl.X`
 * without a call) are no object.
 */
const MADE_AT_LOAD =
  /^(export )?(const|let|var)\b.*\bIntl\.\w+\(|^(export )?(const|let|var)\b.*\bnew Intl\.\w+/;

describe("the page code's module scope", () => {
  it("makes no Intl object: each is made on first use (lib/universal/intl/on-first-use.ts)", () => {
    const madeAtLoad = FOLDERS.flatMap((folder) => files(path.join(ROOT, folder))).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          MADE_AT_LOAD.test(line) && !line.includes("onFirstUse(")
            ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(madeAtLoad).toEqual([]);
  });

  it("writes no number with toLocaleString: counts go through formatCount (lib/universal/intl/count.ts)", () => {
    // Each toLocaleString call builds a number format of its own; the approval queue's five counts ("Payments 1–50
    // of 5,000", the focused card's position) cost about 215 ms of a 4x-throttled load of the queue, as each was
    // drawn again (CPU profile by function).
    const written = ["app", "components", "lib/client", "lib/universal"].flatMap((folder) =>
      files(path.join(ROOT, folder)).flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, index) =>
            /\.toLocaleString\(/.test(line)
              ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`]
              : [],
          ),
      ),
    );
    expect(written).toEqual([]);
  });
});
