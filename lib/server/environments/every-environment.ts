import "server-only";
import type { Environment } from "../../universal/auth/permissions";
import { env } from "../env";
import { log } from "../log/logger";
import { runInEnvironment } from "./current";
import { configuredEnvironments } from "./settings";

/**
 * A console server's periodic work (server.ts): `work` in each environment the console holds, at once and then every
 * `intervalMs`. A round still running when the next is due is not overlapped; one environment's failure is logged
 * under `area` with `failure` and keeps no other from its turn. A console without its settings runs nothing.
 */
export function everyEnvironmentEvery(
  intervalMs: number,
  area: string,
  failure: string,
  work: (environment: Environment) => Promise<unknown>,
): void {
  let environments: Environment[];
  try {
    environments = configuredEnvironments(env()).map((one) => one.name);
  } catch {
    return;
  }
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      for (const environment of environments) {
        await runInEnvironment(environment, () => work(environment)).catch((error: unknown) =>
          log.warn(area, failure, { environment, error }),
        );
      }
    } finally {
      running = false;
    }
  };
  void round();
  setInterval(() => void round(), intervalMs).unref();
}
