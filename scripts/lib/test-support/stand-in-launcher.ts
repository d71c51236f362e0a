// A stand-in for scripts/start.ts in the orphan guard's test: it writes its pid file, starts the guard, one program
// detached in its own process group (as the console and the service are) and one "database" in its own group (as
// embedded PostgreSQL is, which stops on SIGINT only), tells the guard about both, and says "ready".
//   node --import tsx stand-in-launcher.ts <program port> <database port> <folder>
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { OrphanGuard } from "../orphan-guard";
import { startProcess, waitForHttp } from "../processes";

const [programPort, databasePort, folder = "."] = process.argv.slice(2);
const pidFile = path.join(folder, "start.pid");
writeFileSync(pidFile, `${process.pid}\n`);
const guard = new OrphanGuard(pidFile, path.join(folder, "start.log"), (line) => console.log(line));

const server = (port: string | undefined, stopsOn: string) =>
  `process.on("SIGTERM", () => {}); process.on(${JSON.stringify(stopsOn)}, () => process.exit(0));` +
  `require("node:http").createServer((_, res) => res.end("ok")).listen(${port}, "127.0.0.1")`;

const program = startProcess(
  "program",
  process.execPath,
  ["-e", server(programPort, "SIGTERM")],
  process.env,
  folder,
);
const database = spawn(process.execPath, ["-e", server(databasePort, "SIGINT")], { stdio: "ignore" });
guard.watch({ name: "program", pid: program.child.pid ?? 0, group: true, signal: "SIGTERM", order: 0 });
guard.watch({ name: "database", pid: database.pid ?? 0, group: false, signal: "SIGINT", order: 1 });
await waitForHttp(`http://127.0.0.1:${programPort}/`, 10_000);
await waitForHttp(`http://127.0.0.1:${databasePort}/`, 10_000);
console.log(`ready ${program.child.pid} ${database.pid} ${guard.pid}`);
setInterval(() => {}, 60_000);
