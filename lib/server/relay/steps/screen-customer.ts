import "server-only";
import { log } from "../../log/logger";
import { queryOfCounterparty, screenSubject } from "../../screening/screen-subject";
import type { RelayStep } from "./step";
import { stepWhen } from "./step";

const SCREENED = new Set(["customer.create", "customer.update"]);

type CustomerAnswer = {
  id?: unknown;
  customerType?: unknown;
  fullName?: unknown;
  birthDate?: unknown;
  nationality?: unknown;
  businessInfo?: { legalName?: unknown } | null;
};

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** What screening reads of a customer as the API answered it: the person's name, birth date and nationality. */
function customerScreeningInfo(customer: CustomerAnswer): Record<string, string> {
  const info: Record<string, string> = {};
  const fullName = text(customer.fullName);
  const legalName = text(customer.businessInfo?.legalName);
  if (customer.customerType === "BUSINESS" && legalName) info.BUSINESS_NAME = legalName;
  else if (fullName) info.FULL_NAME = fullName;
  const birthDate = text(customer.birthDate);
  const nationality = text(customer.nationality);
  if (birthDate) info.BIRTH_DATE = birthDate;
  if (nationality) info.NATIONALITY = nationality;
  return info;
}

/**
 * A customer created or changed through the console is screened once the API has accepted it (issue 48): the
 * result is stored for the customer page and the alerts queue. It never changes the answer, and a failure to screen
 * is logged and stored as a failed screening for compliance to see rather than undoing what the API did.
 */
export const screenCustomerStep: RelayStep = stepWhen(
  (context) => SCREENED.has(context.action),
  async (context, next) => {
    await next();
    const answer = context.answer;
    if (!answer || answer.replayed || answer.outcome !== "allowed") return;
    const customer = (answer.json ?? {}) as CustomerAnswer;
    const id = text(customer.id);
    const query = id ? queryOfCounterparty(customerScreeningInfo(customer)) : null;
    if (!id || !query) return;
    await screenSubject({ type: "customer", id }, query).catch((error: unknown) =>
      log.error("screening", "a customer could not be screened", { customerId: id, error }),
    );
  },
);
