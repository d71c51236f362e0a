import "server-only";
import { sql } from "drizzle-orm";
import { type ConsoleEvent, EVENTS_CHANNEL } from "../../universal/events/types";
import { getConsoleDatabase } from "../db";
import { log } from "../log/logger";

/** Publishes an event with PostgreSQL NOTIFY, so browsers connected to any console instance hear it. */
export async function announce(event: ConsoleEvent): Promise<void> {
  try {
    await getConsoleDatabase().execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
  } catch (error) {
    log.error("events", "could not announce", { kind: event.kind, error });
  }
}
