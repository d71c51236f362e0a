/**
 * How the console answers a PENDING INCOMING_PAYMENT webhook (api-notes §3: 200 approve, 403 reject,
 * 422 ask for more, 202 decide later). The console's policy is to hold every payment for people to decide in the
 * approval queue; automatic rules would be added here, in one place.
 */
export interface ApprovalAnswer {
  status: 200 | 202 | 403 | 422;
  body: Record<string, unknown>;
}

export function answerPendingPayment(): ApprovalAnswer {
  return {
    status: 202,
    body: {
      status: "HELD_FOR_REVIEW",
      message: "The payment is held for review by the platform's compliance team.",
    },
  };
}
