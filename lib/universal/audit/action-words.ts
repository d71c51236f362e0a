/**
 * What each audited action is, in a person's words, for the audit log's rows (the action's code is shown beside it,
 * as the filter and the export name it). An action not named here reads as its code's words.
 */
const ACTION_WORDS: Record<string, string> = {
  "account.password.change": "Changed own password",
  "approvals.emergency-hold.update": "Changed the emergency hold",
  "approvals.thresholds.proposal.approve": "Approved a change of the two-person rule",
  "approvals.thresholds.proposal.decline": "Declined a change of the two-person rule",
  "approvals.thresholds.proposal.withdraw": "Withdrew a change of the two-person rule",
  "approvals.thresholds.update": "Changed the two-person rule",
  "audit.export": "Exported the audit log",
  "auth.sign-in": "Signed in",
  "auth.sign-out": "Signed out",
  "auth.sso.link": "Linked single sign-on",
  "auth.sso.sign-in": "Signed in with single sign-on",
  "config.four-eyes.update": "Changed which changes need a second admin",
  "config.proposal.approve": "Approved a proposed change",
  "config.proposal.decline": "Declined a proposed change",
  "config.proposal.withdraw": "Withdrew a proposed change",
  "config.update": "Changed the configuration (or proposed it)",
  "customer.create": "Created a customer",
  "customer.delete": "Deleted a customer",
  "customer.update": "Changed a customer",
  "environment.switch": "Switched environment",
  "evidence.download": "Downloaded a payment's evidence",
  "evidence.reveal": "Downloaded a payment's evidence unmasked",
  "invitation.cancel": "Cancelled an invitation",
  "invitation.claim": "Claimed an invitation",
  "invitation.create": "Created an invitation",
  "payment.approve": "Approved a payment",
  "payment.hold": "Held a payment for people",
  "payment.reject": "Rejected a payment",
  "payment.retry": "Retried a payment",
  "policies.backtest": "Backtested a policy",
  "policy.version.activate": "Activated a policy version",
  "policy.version.create": "Drafted a policy version",
  "policy.version.decline": "Declined a policy version",
  "policy.version.propose": "Proposed a policy version",
  "policy.version.update": "Edited a policy draft",
  "privacy.reveal": "Revealed a sender's personal data",
  "privacy.visibility.update": "Changed who sees personal data",
  "quote.create": "Created a quote",
  "quote.execute": "Sent money (executed a quote)",
  "sandbox.fund": "Funded an account (sandbox)",
  "sandbox.receive": "Simulated an incoming payment (sandbox)",
  "sandbox.send": "Simulated a send (sandbox)",
  "screening.confirm": "Proposed or confirmed a watchlist match",
  "screening.dismiss": "Dismissed a watchlist match",
  "screening.lists.refresh": "Refreshed the watchlists",
  "screening.lists.replace": "Replaced a watchlist's file",
  "screening.lists.upload": "Uploaded a watchlist file",
  "screening.recipient": "Screened an account's holder",
  "screening.reveal": "Revealed a screened sender's data to compare",
  "screening.search": "Searched the watchlists",
  "screening.sources.propose": "Proposed a watchlist source",
  "screening.sources.propose-removal": "Proposed removing a watchlist source",
  "screening.sources.fetch": "Fetched a watchlist source",
  "screening.sources.refresh": "Refreshed a watchlist source",
  "team.proposal.approve": "Approved a team change",
  "team.proposal.decline": "Declined a team change",
  "team.proposal.withdraw": "Withdrew a team change",
  "team.user.create": "Added a team member",
  "team.user.password.reset": "Reset a member's password",
  "team.user.sso.unlink": "Unlinked a member's single sign-on",
  "team.user.update": "Changed a team member",
  "token.create": "Created an API token",
  "token.propose": "Proposed an API token",
  "token.revoke": "Revoked an API token",
  "token.secret.collect": "Collected an API token's secret",
  "transfer.in": "Transferred money in",
  "transfer.out": "Transferred money out",
  "view.create": "Saved a view",
  "view.delete": "Deleted a saved view",
  "view.update": "Changed a saved view",
  "webhooks.signature_check": "Checked a webhook signature",
  "webhooks.test": "Sent a test webhook",
};

/**
 * Actions whose words depend on the step their row records (its summary's `step`): a match's confirmation takes two
 * officers, and the first one's only proposes it. The attempt, written before the step is known, reads as either.
 */
const STEP_WORDS: Record<string, Record<string, string>> = {
  "screening.confirm": {
    "1 of 2": "Proposed confirming a watchlist match",
    "2 of 2": "Confirmed a watchlist match (the second officer)",
  },
};

/** "payment.approve" → "Approved a payment"; an unknown "x.some-thing" → "X some thing". */
export function actionWords(action: string, summary?: Record<string, unknown>): string {
  const step = typeof summary?.step === "string" ? STEP_WORDS[action]?.[summary.step] : undefined;
  if (step) return step;
  const known = ACTION_WORDS[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
