import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_PARTS, type BuildPart, isPartStale, recordSources, staleParts } from "./build";

const [NEXT, SERVERS] = BUILD_PARTS as [BuildPart, BuildPart];

function project() {
  const root = mkdtempSync(path.join(tmpdir(), "build-"));
  for (const folder of ["app", "service", ".next", "dist"]) mkdirSync(path.join(root, folder));
  writeFileSync(path.join(root, "app", "page.tsx"), "export default 1");
  writeFileSync(path.join(root, "service", "app.ts"), "export default 1");
  return root;
}

const setTime = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

/** Writes every output of the part at `seconds`. */
function built(root: string, part: BuildPart, seconds: number) {
  for (const output of part.outputs(root)) {
    writeFileSync(output, "x");
    setTime(output, seconds);
  }
}

describe("the build's staleness", () => {
  it("is stale without a build, for each part", () => {
    expect(staleParts(project())).toEqual(BUILD_PARTS);
  });

  it("is fresh when the build is newer than every source, stale when a source changes after it", () => {
    const root = project();
    const page = path.join(root, "app", "page.tsx");
    setTime(page, 1_000);
    setTime(path.join(root, "service", "app.ts"), 1_000);
    built(root, NEXT, 2_000);
    built(root, SERVERS, 2_000);
    expect(staleParts(root)).toEqual([]);
    setTime(page, 3_000);
    expect(staleParts(root)).toEqual([NEXT]);
  });

  it("rebuilds only the compiled processes when only the service changes", () => {
    const root = project();
    setTime(path.join(root, "app", "page.tsx"), 1_000);
    built(root, NEXT, 2_000);
    built(root, SERVERS, 2_000);
    setTime(path.join(root, "service", "app.ts"), 3_000);
    expect(staleParts(root)).toEqual([SERVERS]);
  });

  it("is stale when one of the compiled processes is missing", () => {
    const root = project();
    setTime(path.join(root, "service", "app.ts"), 1_000);
    setTime(path.join(root, "app", "page.tsx"), 1_000);
    const [consoleBundle] = SERVERS.outputs(root);
    writeFileSync(consoleBundle as string, "x");
    setTime(consoleBundle as string, 2_000);
    expect(isPartStale(root, SERVERS)).toBe(true);
  });

  it("ignores test files, which are not part of the build", () => {
    const root = project();
    setTime(path.join(root, "app", "page.tsx"), 1_000);
    setTime(path.join(root, "service", "app.ts"), 1_000);
    built(root, NEXT, 2_000);
    built(root, SERVERS, 2_000);
    // Nor does a test file added change the set of source files a build was made from.
    for (const part of BUILD_PARTS) recordSources(root, part);
    const test = path.join(root, "app", "page.test.ts");
    writeFileSync(test, "");
    setTime(test, 3_000);
    expect(staleParts(root)).toEqual([]);
  });

  it("is stale when a source file was removed, added or renamed since the build, though no file's time says so", () => {
    const root = project();
    const page = path.join(root, "app", "page.tsx");
    const route = path.join(root, "app", "route.ts");
    writeFileSync(route, "export const GET = 1");
    for (const file of [page, route, path.join(root, "service", "app.ts")]) setTime(file, 1_000);
    built(root, NEXT, 2_000);
    built(root, SERVERS, 2_000);
    for (const part of BUILD_PARTS) recordSources(root, part);
    expect(staleParts(root)).toEqual([]);

    // A route deleted: the build would still serve it.
    rmSync(route);
    expect(staleParts(root)).toEqual([NEXT]);
    recordSources(root, NEXT);
    expect(staleParts(root)).toEqual([]);

    // A file renamed keeps its time.
    renameSync(page, path.join(root, "app", "home.tsx"));
    expect(staleParts(root)).toEqual([NEXT]);
    recordSources(root, NEXT);

    // An old file copied in (its time kept, as `cp -p` or an unpacked archive leaves it).
    const old = path.join(root, "app", "old.tsx");
    writeFileSync(old, "export default 2");
    setTime(old, 500);
    expect(staleParts(root)).toEqual([NEXT]);
  });
});
