import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { signIn } from "./bench/support/session";
import { BENCH_ENV, CONSOLE_ORIGIN, ROOT, startStack } from "./bench/support/stack";

const stack = await startStack({ fresh: false, log: () => {} });
try {
  const cookie = await signIn("admin");
  const html = await (await fetch(`${CONSOLE_ORIGIN}/sandbox`, { headers: { cookie } })).text();
  const dist = path.join(ROOT, BENCH_ENV.NEXT_DIST_DIR);
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attrs = match[1] ?? "";
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (!src) continue;
    const body = Buffer.from(await (await fetch(new URL(src.replaceAll("&amp;", "&"), CONSOLE_ORIGIN))).arrayBuffer());
    let local = -1;
    try { local = gzipSync(readFileSync(path.join(dist, src.replace(/^\/_next\//, "").replace(/\?.*$/, "")))).length; } catch {}
    console.log(src, attrs.includes("noModule") || attrs.includes("nomodule") ? "NOMODULE" : "", body.length, gzipSync(body).length, local);
  }
} finally {
  await stack.stop();
}
