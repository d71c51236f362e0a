/** What POST /api/webhooks/check answers: why a webhook's signature does or does not verify (lib/server/webhooks/diagnose.ts). */
export type HeaderFormat = "json" | "sha256" | "base64";

type DiagnosisReason =
  | "verifies"
  | "no_public_key"
  | "invalid_public_key"
  | "missing_header"
  | "wrong_format"
  | "whitespace"
  | "reserialised_json"
  | "wrong_key";

export type SignatureDiagnosis = {
  verifies: boolean;
  reason: DiagnosisReason;
  /** The accepted header form the value was read as, when it was one. */
  format?: HeaderFormat;
  /** What happened, in one sentence. */
  summary: string;
  /** What to do about it. */
  advice: string;
  /** The altered body that does verify (re-serialised or whitespace-changed), named for people. */
  variant?: string;
};
