import type { Clock } from "./clock";
import type { ServiceConfig } from "./config";
import type { ServiceDatabase } from "./db/client";

/** What every route, domain function and job works with: the configuration, the database and the clock. */
export interface ServiceContext {
  config: ServiceConfig;
  db: ServiceDatabase;
  clock: Clock;
  /**
   * Databases of the other platforms this process hosts (service/platforms.ts), by the name their readiness check
   * answers under: the process's health endpoints, served by the sandbox platform, cover them too.
   */
  otherDatabases?: Record<string, ServiceDatabase>;
}
