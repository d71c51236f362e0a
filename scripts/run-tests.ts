// `npm test`: every check, in order, stopping at the first that fails, with each stage's time printed as it ends and
// a summary at the end, so CI's log shows where the time goes (issue 47: the suite stays under 25 minutes).
import { spawn } from "node:child_process";

const STAGES = ["lint", "format:check", "typecheck", "test:unit", "test:e2e"] as const;

// The specs' pictures for people (about 270 full-page screenshots, over a minute) are for runs by hand
// (`npm run test:e2e`); the role guides' pictures are taken either way (e2e/support/screens.ts).
const ENV = { ...process.env, E2E_SCREENS: process.env.E2E_SCREENS ?? "off" };

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", script], { stdio: "inherit", env: ENV });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const minutes = (ms: number) => `${Math.floor(ms / 60_000)}m ${((ms % 60_000) / 1000).toFixed(1)}s`;

const times: [string, number][] = [];
const started = Date.now();
let failed: string | null = null;
for (const stage of STAGES) {
  const stageStart = Date.now();
  const code = await run(stage);
  const took = Date.now() - stageStart;
  times.push([stage, took]);
  console.log(
    `\n[npm test] ${stage}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${minutes(took)}\n`,
  );
  if (code !== 0) {
    failed = stage;
    process.exitCode = code;
    break;
  }
}
console.log("[npm test] stage times:");
for (const [stage, took] of times) console.log(`  ${stage.padEnd(13)} ${minutes(took)}`);
console.log(
  `  ${"total".padEnd(13)} ${minutes(Date.now() - started)}${failed ? ` (stopped at ${failed})` : ""}`,
);
