import type { Clock } from "./clock";
import type { ServiceConfig } from "./config";
import type { ServiceDatabase } from "./db/client";

/** What every route, domain function and job works with: the configuration, the database and the clock. */
export interface ServiceContext {
  config: ServiceConfig;
  db: ServiceDatabase;
  clock: Clock;
}
