import "server-only";
import {
  checkSignatureHeader,
  type VerificationFailure,
  verifyWebhookSignature,
} from "../../../shared/webhook-signature";
import type { Environment } from "../../universal/auth/permissions";
import type { ConsoleEnv } from "../env";
import { configuredEnvironments } from "../environments/settings";

type Failure = { valid: false; reason: VerificationFailure };

/**
 * The signature header checked before the body is read, against the first environment that has a webhook key (the
 * console's first environment when none has): its form, and that a key exists.
 */
export function checkEnvironmentSignatureHeader(
  e: ConsoleEnv,
  signature: string | null,
): { valid: true } | Failure {
  const keys = configuredEnvironments(e).map((one) => one.webhookPublicKey);
  const header = checkSignatureHeader(keys.find(Boolean), signature);
  return header.valid ? { valid: true } : header;
}

/**
 * Which environment sent a delivery: the one whose webhook key verifies the exact bytes (each environment signs
 * with its own key, so the key names it). When none verifies, the failure is the first keyed environment's.
 */
export function verifyEnvironmentSignature(
  e: ConsoleEnv,
  rawBody: string,
  signature: string | null,
): { valid: true; environment: Environment } | Failure {
  let failure: Failure | undefined;
  for (const environment of configuredEnvironments(e)) {
    if (!environment.webhookPublicKey) continue;
    const verification = verifyWebhookSignature(environment.webhookPublicKey, rawBody, signature);
    if (verification.valid) return { valid: true, environment: environment.name };
    failure ??= verification;
  }
  return failure ?? { valid: false, reason: "no_public_key" };
}
