import { toast } from "@/components/ui/toast";
import type { ApiError } from "../../../shared/api-error";
import { checkHref } from "../../universal/api/error-details";

/**
 * An action the payment API may have carried out without saying so (it did not answer in time). Whatever form sent
 * it shows the error's message; this adds a notice that stays until dismissed, with the way to where the person
 * checks, so nobody retries a payment blindly. A retry of the same request is answered with this same outcome (the
 * proxy never forwards it twice).
 */
export function noticeOutcomeUnknown(error: ApiError): void {
  const check = checkHref(error);
  toast.error("This may have happened: the payment API did not answer in time.", {
    id: `outcome-unknown-${String(error.details?.requestId ?? "")}`,
    duration: Number.POSITIVE_INFINITY,
    description: "Check before trying again.",
    ...(check ? { action: { label: "Check", onClick: () => window.location.assign(check) } } : {}),
  });
}
