import "server-only";
import { log } from "../../log/logger";
import { customerIdOf, queryOfCustomer, type ScreenedCustomer } from "../../screening/customer-query";
import { screenImportedCustomers } from "../../screening/screen-imported";
import { screenSubject } from "../../screening/screen-subject";
import type { RelayStep } from "./step";
import { stepWhen } from "./step";

const SCREENED = new Set(["customer.create", "customer.update", "customer.bulk_import"]);
// The API's clock and the console's may differ; customers already screened are skipped, so a wide margin is cheap.
const IMPORT_CLOCK_MARGIN_MS = 5 * 60_000;

/**
 * A customer created or changed through the console is screened once the API has accepted it (issue 48): the
 * result is stored for the customer page and the alerts queue. A bulk import's customers are screened when its job
 * ends, in the background. It never changes the answer, and a failure to screen is logged (a customer's stored as a
 * failed screening) for compliance to see rather than undoing what the API did.
 */
export const screenCustomerStep: RelayStep = stepWhen(
  (context) => SCREENED.has(context.action),
  async (context, next) => {
    const startedAt = Date.now();
    await next();
    const answer = context.answer;
    if (!answer || answer.replayed || answer.outcome !== "allowed") return;
    if (context.action === "customer.bulk_import") {
      const jobId = (answer.json as { jobId?: unknown } | null)?.jobId;
      if (typeof jobId !== "string") return;
      void screenImportedCustomers(jobId, new Date(startedAt - IMPORT_CLOCK_MARGIN_MS)).catch(
        (error: unknown) =>
          log.error("screening", "the customers of a bulk import could not be screened", { jobId, error }),
      );
      return;
    }
    const customer = (answer.json ?? {}) as ScreenedCustomer;
    const id = customerIdOf(customer);
    const query = queryOfCustomer(customer);
    if (!id || !query) return;
    await screenSubject({ type: "customer", id }, query).catch((error: unknown) =>
      log.error("screening", "a customer could not be screened", { customerId: id, error }),
    );
  },
);
