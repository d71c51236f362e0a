import "server-only";
import { within } from "../../universal/time/within";
import { getConsoleDatabase } from "../db";
import { isStopping } from "../http/stopping";
import { readAnswerBytes, relayToPaymentApi } from "../payment-api/transport";

/** One dependency's state: answering, not reachable, or (the payment API) answering but refusing the credential. */
export type CheckState = "ok" | "down" | "refused";

export interface Readiness {
  status: "ok" | "unavailable";
  /** Each dependency's state; or, while this console stops (draining its requests), only that. */
  checks: { database: CheckState; paymentApi: CheckState } | { console: "stopping" };
}

const CHECK_TIMEOUT_MS = 2_000;
/** Probes arriving within this long share one answer, so a load balancer's checks do not multiply upstream calls. */
const REUSE_MS = 1_000;

/** The console's database answers `select 1`. */
export async function checkDatabase(): Promise<CheckState> {
  try {
    await within(getConsoleDatabase().pool.query("select 1"), CHECK_TIMEOUT_MS);
    return "ok";
  } catch {
    return "down";
  }
}

/** The payment API answers GET /config with the platform's credential (its answer is read and dropped). */
async function checkPaymentApi(): Promise<CheckState> {
  try {
    const response = await relayToPaymentApi({
      method: "GET",
      path: "/config",
      headers: {},
      local: false,
      timeoutMs: CHECK_TIMEOUT_MS,
    });
    await readAnswerBytes(response);
    const { status } = response;
    if (status >= 200 && status < 300) return "ok";
    return status === 401 || status === 403 ? "refused" : "down";
  } catch {
    return "down";
  }
}

let recent: { at: number; answer: Promise<Readiness> } | undefined;

/**
 * Ready when both the database and the payment API answer; which one does not is all it says. Not ready while this
 * console is stopping, so a load balancer sends it nothing new.
 */
export function readiness(now = Date.now()): Promise<Readiness> {
  if (isStopping()) return Promise.resolve({ status: "unavailable", checks: { console: "stopping" } });
  if (recent && now - recent.at < REUSE_MS) return recent.answer;
  const answer = Promise.all([checkDatabase(), checkPaymentApi()]).then(
    ([database, paymentApi]): Readiness => ({
      status: database === "ok" && paymentApi === "ok" ? "ok" : "unavailable",
      checks: { database, paymentApi },
    }),
  );
  recent = { at: now, answer };
  return answer;
}
