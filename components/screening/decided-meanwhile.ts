import type { StoredHit } from "@/lib/universal/screening/records";
import { quotedSentence } from "@/lib/universal/text/quotation";

/**
 * What another officer did to a match while a decision on it was open, comparing the match as the dialog opened on it
 * with the match as the page reads it now: dismissed or confirmed (final: nothing is sent from the dialog), or proposed
 * for confirmation (this officer's confirmation is now the second, which decides it). Undefined when nothing changed.
 */
export function decidedMeanwhile(
  opened: StoredHit,
  now: StoredHit | undefined,
  viewerEmail: string,
): { text: string; final: boolean } | undefined {
  if (!now) return undefined;
  if (now.dismissed && !opened.dismissed) {
    return {
      text: `${now.dismissed.by} dismissed this match meanwhile: ${quotedSentence(now.dismissed.reason)} Nothing you typed was sent.`,
      final: true,
    };
  }
  const confirmed = now.confirmation?.confirmedBy;
  if (confirmed && !opened.confirmation?.confirmedBy) {
    return {
      text: `${confirmed.name} confirmed this match meanwhile, as the second officer. Nothing you typed was sent.`,
      final: true,
    };
  }
  const proposer = now.confirmation?.proposedBy;
  if (
    proposer &&
    !opened.confirmation &&
    !now.confirmation?.proposerLeft &&
    proposer.email.toLowerCase() !== viewerEmail.toLowerCase()
  ) {
    return {
      text: `${proposer.name} proposed confirming this match meanwhile: ${quotedSentence(now.confirmation?.reason ?? "")} Confirming it now is the second confirmation, which decides it; dismissing it is theirs to do.`,
      final: false,
    };
  }
  return undefined;
}
