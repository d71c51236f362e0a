import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SourceMapConsumer, SourceMapGenerator } from "source-map-js";
import { describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "./compile-hints";

const CODE = "(globalThis.TURBOPACK||[]).push([1,(e)=>{e.x=1},2,(e)=>{e.y=2}]);\n";

/** A map of CODE's second factory (line 1, column 24 of the chunk) to line 7, column 2 of its source. */
function plainMap(): object {
  const generator = new SourceMapGenerator({ file: "a.js" });
  generator.addMapping({
    source: "turbopack:///[project]/components/a.tsx",
    original: { line: 7, column: 2 },
    generated: { line: 1, column: 24 },
    name: "y",
  });
  return JSON.parse(generator.toString()) as object;
}

function chunks(files: Record<string, string>): string {
  const dist = mkdtempSync(path.join(tmpdir(), "hints-"));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dist, "static", "chunks", name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return dist;
}

const read = (dist: string, name: string) => readFileSync(path.join(dist, "static", "chunks", name), "utf8");

function original(mapText: string, line: number, column: number) {
  const position = new SourceMapConsumer(JSON.parse(mapText)).originalPositionFor({ line, column });
  return { source: position.source, line: position.line, column: position.column };
}

describe("compile hints on the build's chunks", () => {
  it("puts the hint on the first line of every chunk, nested folders included, and nothing else", () => {
    const dist = chunks({ "a.js": CODE, "pages/b.js": CODE, "c.css": "a{color:red}", "d.js.map": "{}" });
    expect(addCompileHints(dist)).toEqual({ hinted: 2 });
    expect(read(dist, "a.js")).toBe(COMPILE_HINT + CODE);
    expect(read(dist, "pages/b.js")).toBe(COMPILE_HINT + CODE);
    expect(read(dist, "c.css")).toBe("a{color:red}");
    expect(read(dist, "d.js.map")).toBe("{}");
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
  });

  it("is idempotent: a second pass changes nothing", () => {
    const dist = chunks({
      "a.js": `${CODE}//# sourceMappingURL=a.js.map`,
      "a.js.map": JSON.stringify(plainMap()),
    });
    addCompileHints(dist);
    const once = { code: read(dist, "a.js"), map: read(dist, "a.js.map") };
    expect(addCompileHints(dist)).toEqual({ hinted: 0 });
    expect({ code: read(dist, "a.js"), map: read(dist, "a.js.map") }).toEqual(once);
  });

  it("moves a plain source map down the hint's line, so positions still point at the same source", () => {
    const dist = chunks({
      "a.js": `${CODE}//# sourceMappingURL=m1.js.map`,
      "m1.js.map": JSON.stringify(plainMap()),
    });
    const before = original(read(dist, "m1.js.map"), 1, 24);
    expect(before).toEqual({ source: "turbopack:///[project]/components/a.tsx", line: 7, column: 2 });
    addCompileHints(dist);
    expect(read(dist, "a.js").split("\n")[1]).toBe(CODE.trimEnd());
    expect(original(read(dist, "m1.js.map"), 2, 24)).toEqual(before);
  });

  it("moves every section of an index source map (Turbopack's kind) down one line", () => {
    const index = {
      version: 3,
      sections: [
        { offset: { line: 0, column: 0 }, map: plainMap() },
        { offset: { line: 1, column: 0 }, map: plainMap() },
      ],
    };
    const dist = chunks({
      "a.js": `${CODE}${CODE}//# sourceMappingURL=m2.js.map`,
      "m2.js.map": JSON.stringify(index),
    });
    const before = [original(read(dist, "m2.js.map"), 1, 24), original(read(dist, "m2.js.map"), 2, 24)];
    addCompileHints(dist);
    const after = [original(read(dist, "m2.js.map"), 2, 24), original(read(dist, "m2.js.map"), 3, 24)];
    expect(after).toEqual(before);
    expect(before[1]).toEqual({ source: "turbopack:///[project]/components/a.tsx", line: 7, column: 2 });
  });

  it("leaves a build without chunks alone", () => {
    expect(addCompileHints(mkdtempSync(path.join(tmpdir(), "hints-empty-")))).toEqual({ hinted: 0 });
  });
});
