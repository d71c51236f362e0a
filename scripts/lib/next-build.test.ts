import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isBuildStale } from "./next-build";

function project() {
  const root = mkdtempSync(path.join(tmpdir(), "build-"));
  mkdirSync(path.join(root, "app"));
  mkdirSync(path.join(root, ".next"));
  writeFileSync(path.join(root, "app", "page.tsx"), "export default 1");
  return root;
}

const setTime = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

describe("isBuildStale", () => {
  it("is stale without a build", () => {
    expect(isBuildStale(project())).toBe(true);
  });

  it("is fresh when the build is newer than every source, stale when a source changes after it", () => {
    const root = project();
    const page = path.join(root, "app", "page.tsx");
    const buildId = path.join(root, ".next", "BUILD_ID");
    writeFileSync(buildId, "x");
    setTime(page, 1_000);
    setTime(buildId, 2_000);
    expect(isBuildStale(root)).toBe(false);
    setTime(page, 3_000);
    expect(isBuildStale(root)).toBe(true);
  });

  it("ignores test files, which are not part of the build", () => {
    const root = project();
    const buildId = path.join(root, ".next", "BUILD_ID");
    writeFileSync(buildId, "x");
    setTime(path.join(root, "app", "page.tsx"), 1_000);
    setTime(buildId, 2_000);
    const test = path.join(root, "app", "page.test.ts");
    writeFileSync(test, "");
    setTime(test, 3_000);
    expect(isBuildStale(root)).toBe(false);
  });
});
