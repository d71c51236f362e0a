import "server-only";
import { env } from "../env";
import { type ConsoleDatabase, createConsoleDatabase } from "./client";

// One pool per server process; Next may evaluate modules more than once, so it is kept on globalThis.
const holder = globalThis as typeof globalThis & { __consoleDatabase?: ConsoleDatabase };

export function getConsoleDatabase(): ConsoleDatabase {
  holder.__consoleDatabase ??= createConsoleDatabase(env().DATABASE_URL);
  return holder.__consoleDatabase;
}

/** Ends the process's pool (a script that acted as the console and is done with its database). */
export async function closeConsoleDatabase(): Promise<void> {
  const database = holder.__consoleDatabase;
  holder.__consoleDatabase = undefined;
  await database?.pool.end();
}
