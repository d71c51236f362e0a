// npm run docs:api — writes docs/CONSOLE-API.md from the console's endpoint table
// (lib/universal/console-api/endpoints.ts); lib/universal/console-api/doc.test.ts fails while the file is stale.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { CONSOLE_API_DOC, renderConsoleApiDoc } from "../lib/universal/console-api/doc";

const target = path.resolve(import.meta.dirname, "..", CONSOLE_API_DOC);
writeFileSync(target, renderConsoleApiDoc());
console.log(`Wrote ${CONSOLE_API_DOC}.`);
