import { Link } from "@/components/ui/link";
import { checkHref, mayHaveHappened } from "@/lib/universal/api/error-details";
import { ApiError } from "@/shared/api-error";

/** What a decision dialog says when its request failed, with where to check when the outcome is unknown. */
export interface DecisionError {
  message: string;
  check?: string | undefined;
  /** This very request ended the payment (the API failed it, saying why): the dialog says so, not "decided elsewhere". */
  ended?: boolean | undefined;
  /** The console refused it for a reason another press cannot change (the customer deleted): only Close is left. */
  final?: boolean | undefined;
}

/** Refusals that stand however often the approval is sent: the payment can only be rejected. */
const FINAL_REFUSALS = new Set(["CUSTOMER_DELETED", "SCREENING_MATCH_CONFIRMED", "SENDER_UNNAMED"]);

export function decisionError(error: unknown, fallback: string): DecisionError {
  if (!(error instanceof ApiError)) return { message: fallback };
  if (mayHaveHappened(error)) return { message: error.message, check: checkHref(error) };
  // The API failed the payment on this approval, and says why (a receiver deleted while it waited).
  const reason = (error.details as { reason?: unknown } | undefined)?.reason;
  if (error.status === 409 && typeof reason === "string" && reason !== "") {
    return { message: error.message, ended: true };
  }
  // The API's "not waiting" names no one; every other refusal (the console's own: a watchlist match, a deleted
  // customer, the policies deciding it, the two-person rule) says in its message what happened and what to do.
  if (error.status === 409 && error.code === "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL") {
    return { message: "Someone else already decided this payment, or it timed out." };
  }
  if (error.status === 409 && FINAL_REFUSALS.has(error.code)) return { message: error.message, final: true };
  return { message: error.message };
}

export function DecisionErrorText({ error }: { error: DecisionError | null }) {
  if (!error) return null;
  return (
    <p
      role="status"
      className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {error.message}
      {error.check ? (
        <>
          {" "}
          <Link href={error.check} className="font-medium underline underline-offset-2">
            See the payment
          </Link>
        </>
      ) : null}
    </p>
  );
}
