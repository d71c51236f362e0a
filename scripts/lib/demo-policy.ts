import { randomUUID } from "node:crypto";
import { findUserByEmail, type UserRow } from "../../lib/server/auth/users";
import { closeConsoleDatabase, getConsoleDatabase } from "../../lib/server/db";
import { policyVersions } from "../../lib/server/db/schema";
import { actAsConsole } from "../../lib/server/env";
import { activatePolicyVersion } from "../../lib/server/policies/activate-version";
import { createPolicyDraft } from "../../lib/server/policies/create-version";
import {
  type ActivePolicy,
  claimPaymentDecision,
  storeEvaluation,
} from "../../lib/server/policies/evaluations";
import { recipientRecordOf } from "../../lib/server/policies/fact-sources";
import { proposePolicyVersion } from "../../lib/server/policies/propose-version";
import {
  approvalAnswerFor,
  type DecisionSources,
  decideByDocument,
} from "../../lib/universal/policies/decide-document";
import { incomingPaymentOf, type VelocityEntry, velocityFrom } from "../../lib/universal/policies/facts";
import type { PolicyDocument, Rule } from "../../lib/universal/policies/rules";
import type { ServiceContext } from "../../service/context";
import { getCustomer, presentCustomer } from "../../service/domain/customers";
import type { HistoryApprovals } from "../../service/seed/demo";
import type { HistoryApprover } from "../../service/seed/demo-history";
import { ApiError } from "../../shared/api-error";
import { type Customer, customerSchema } from "../../shared/contract";
import { SANDBOX_UMA_DOMAIN } from "../../shared/contract/sandbox-senders";

/** Who wrote and proposed the demo's policy, and the second person who put it in force (scripts/lib/demo-users.ts). */
const DEMO_POLICY_AUTHOR = "compliance@demo.local";
const DEMO_POLICY_ACTIVATOR = "admin@demo.local";

/** How long a customer has been with the platform before their small payments are approved without a person. */
const ESTABLISHED_DAYS = 7;

const smallFromAllowListed = (currency: string, limit: number, words: string): Rule => ({
  id: `small-${currency.toLowerCase()}-allow-listed`,
  name: `Small ${currency} payments (up to ${words}) from allow-listed senders`,
  when: [
    { kind: "amount", side: "receiving", currency, op: "lte", value: limit },
    { kind: "senderAllowListed", value: true },
    { kind: "recipientAgeDays", op: "gte", value: ESTABLISHED_DAYS },
  ],
  // biome-ignore lint/suspicious/noThenProperty: a policy rule's "then" is the policy document's own key.
  then: { decision: "approve" },
});

/**
 * The demo's approval policy: a payment of about USD 500 or less (EUR 450, MXN 8,500) from an allow-listed sender's
 * domain to a customer of at least a week is approved without a person; every other one (larger, from a domain not
 * on the list, to a customer who just joined) matches no rule and is held for people. The history's senders are the
 * sandbox's, so its domain is the one allow-listed.
 */
export const DEMO_POLICY: PolicyDocument = {
  rules: [
    smallFromAllowListed("USD", 500_00, "USD 500"),
    smallFromAllowListed("EUR", 450_00, "EUR 450"),
    smallFromAllowListed("MXN", 8_500_00, "MXN 8,500"),
  ],
  allowListedDomains: [SANDBOX_UMA_DOMAIN],
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const actorOf = (user: UserRow) => ({
  actor: { id: user.id, email: user.email, role: user.role },
  requestId: randomUUID(),
});

/**
 * Puts the demo's policy in force on the platform's first morning through the functions the policies' routes call,
 * each audited as there: Carla Compliance writes and proposes it, Ada Admin activates it (the four-eyes rule of
 * lib/server/policies/versions.ts). Their times are the replayed ones; the audit rows are written now and name the
 * replayed time (docs/decisions/0060-the-demo-policy-and-its-history.md). Nothing is done when the console already
 * has a policy version or lacks either person.
 */
async function putDemoPolicyInForce(opensAt: Date): Promise<ActivePolicy | null> {
  const db = getConsoleDatabase();
  const [existing] = await db.select({ id: policyVersions.id }).from(policyVersions).limit(1);
  if (existing) return null;
  const author = await findUserByEmail(db, DEMO_POLICY_AUTHOR);
  const activator = await findUserByEmail(db, DEMO_POLICY_ACTIVATOR);
  if (!author || !activator) return null;
  const at = (hours: number, minutes = 0) => new Date(opensAt.getTime() + hours * HOUR + minutes * MINUTE);
  const draft = await createPolicyDraft(
    actorOf(author),
    author,
    {
      document: DEMO_POLICY,
      note: "Small payments from the sandbox's senders to established customers need no one; the rest wait for us.",
    },
    { at: at(6) },
  );
  await proposePolicyVersion(actorOf(author), author, draft.id, { at: at(6, 5) });
  const { activated } = await activatePolicyVersion(actorOf(activator), activator, draft.id, {
    at: at(6, 40),
  });
  return { id: activated.id, version: activated.version, document: activated.document };
}

/** The recipient as the payment API answers GET /customers/{id} at the replay's time; null when it does not know them. */
async function customerOf(service: ServiceContext, customerId: string): Promise<Customer | null> {
  try {
    return customerSchema.parse(presentCustomer(await getCustomer(service, customerId)));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Answers the history's approval webhooks as the console's webhook route would have (lib/server/policies/decide.ts):
 * the payment claimed once, the version in force deciding it through decideByDocument with the facts as of its
 * arrival (the recipient's record then, velocity from the payments that came before), the evaluation stored with
 * that time. Screening is not replayed: its records are the console's own, made when it screens (the history's
 * senders are the sandbox's $success ones, never the listed one); nor are audit rows, which cannot be back-dated.
 */
function approverFor(policy: ActivePolicy, service: ServiceContext): HistoryApprover {
  const arrived: VelocityEntry[] = [];
  return async ({ body, at }) => {
    const started = performance.now();
    const payment = incomingPaymentOf(body);
    const webhookId = typeof body.webhookId === "string" ? body.webhookId : "";
    if (!payment || !webhookId || !(await claimPaymentDecision(payment.transactionId, webhookId)))
      return { status: 202, body: {} };
    const sources: DecisionSources = {
      customer: (customerId) => customerOf(service, customerId),
      recipient: async (customerId) => {
        const customer = await customerOf(service, customerId);
        return customer ? recipientRecordOf(customer) : null;
      },
      velocity: async (clause, of, when) => velocityFrom(clause, of, when, arrived),
    };
    const decided = await decideByDocument(policy.document, payment, at, sources);
    arrived.push({
      transactionId: payment.transactionId,
      receivedAt: at,
      ...(payment.senderAddress ? { senderAddress: payment.senderAddress } : {}),
      ...(payment.customerId ? { customerId: payment.customerId } : {}),
      ...(payment.receiving ? { receiving: payment.receiving } : {}),
    });
    await storeEvaluation({
      transactionId: payment.transactionId,
      webhookId,
      evaluation: decided.evaluation,
      policy: { id: policy.id, version: policy.version },
      facts: decided.facts,
      durationMicros: Math.round((performance.now() - started) * 1000),
      evaluatedAt: at,
      ...(decided.extra ? { extra: decided.extra } : {}),
    });
    return approvalAnswerFor(decided);
  };
}

/**
 * The console's side of the demo's history (service/seed/demo.ts): the launcher acts as the console (`consoleEnv`,
 * before the console runs) to put the demo policy in force when the platform opens and to answer every pending
 * payment of the history with it. End with `finishDemoPolicy`.
 */
export function demoPolicyApprovals(
  consoleEnv: Record<string, string | undefined>,
  service: ServiceContext,
): HistoryApprovals {
  return async (opensAt) => {
    actAsConsole(consoleEnv);
    const policy = await putDemoPolicyInForce(opensAt);
    return policy ? approverFor(policy, service) : undefined;
  };
}

/** Ends the launcher's connection to the console's database, once the history is seeded. */
export const finishDemoPolicy = closeConsoleDatabase;
