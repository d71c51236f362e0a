import "server-only";
import { createPublicKey, createVerify, type KeyObject } from "node:crypto";
import {
  SIGNATURE_HEADER_VERSION,
  signatureFromHeader,
  verifyWebhookSignature,
} from "../../../shared/webhook-signature";
import type { HeaderFormat, SignatureDiagnosis } from "../../universal/webhooks/signature-diagnosis";

function formatOf(header: string): HeaderFormat {
  const trimmed = header.trim();
  if (trimmed.startsWith("{")) return "json";
  if (trimmed.startsWith("sha256=")) return "sha256";
  return "base64";
}

// A DER ECDSA signature is SEQUENCE { INTEGER r, INTEGER s }; for P-256 it is 8 to 72 bytes, short-form length.
function isDerSignature(bytes: Buffer): boolean {
  if (bytes.length < 8 || bytes.length > 72) return false;
  if (bytes[0] !== 0x30 || bytes[1] !== bytes.length - 2) return false;
  if (bytes[2] !== 0x02) return false;
  const rLength = bytes[3] ?? 0;
  const sTag = 4 + rLength;
  if (bytes[sTag] !== 0x02) return false;
  return sTag + 2 + (bytes[sTag + 1] ?? 0) === bytes.length;
}

const ACCEPTED_FORMS = 'Accepted forms: {"v":"1","s":"<base64>"}, a bare base64 value, or sha256=<base64>.';

function wrongFormat(summary: string, advice: string = ACCEPTED_FORMS): SignatureDiagnosis {
  return { verifies: false, reason: "wrong_format", summary, advice };
}

/** Why a header value that signature.ts does not accept is not one of the accepted forms. */
function formatProblem(header: string): SignatureDiagnosis {
  const trimmed = header.trim();
  if (/^[A-Za-z][\w-]*\s*:\s*\S/.test(trimmed) && !trimmed.startsWith("{")) {
    return wrongFormat(
      `The value starts with a header name ("${trimmed.slice(0, trimmed.indexOf(":"))}:").`,
      "Paste only the header's value, without its name and colon.",
    );
  }
  if (trimmed.startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return wrongFormat("The value starts with { but is not valid JSON.");
    }
    if (!parsed || typeof parsed !== "object" || !("s" in parsed) || typeof parsed.s !== "string") {
      return wrongFormat('The JSON value has no "s" field holding the signature.');
    }
    if ("v" in parsed && parsed.v !== SIGNATURE_HEADER_VERSION) {
      return wrongFormat(
        `The JSON value says version "${String(parsed.v)}"; only version "${SIGNATURE_HEADER_VERSION}" exists.`,
      );
    }
    return wrongFormat('The JSON value\'s "s" field is not base64.');
  }
  const bare = trimmed.startsWith("sha256=") ? trimmed.slice("sha256=".length) : trimmed;
  if (/^[A-Za-z0-9_-]+={0,2}$/.test(bare) && /[-_]/.test(bare)) {
    return wrongFormat(
      "The signature is in URL-safe base64 (with - or _).",
      "Use standard base64, with + and / instead of - and _.",
    );
  }
  if (/\s/.test(bare)) {
    return wrongFormat(
      "The signature has spaces or line breaks inside it.",
      "Copy the header's value on one line, exactly as it arrived.",
    );
  }
  const prefix = /^([A-Za-z][\w-]{0,15})[=:]\S/.exec(bare);
  if (prefix) {
    return wrongFormat(`The value has the prefix "${prefix[1]}", which is not one the payment API uses.`);
  }
  return wrongFormat("The value is not one of the accepted header forms.");
}

function verifies(key: KeyObject, body: string, signature: Buffer, encoding: "der" | "ieee-p1363"): boolean {
  try {
    return createVerify("sha256").update(body, "utf8").verify({ key, dsaEncoding: encoding }, signature);
  } catch {
    return false;
  }
}

type Variant = { name: string; body: string };

function whitespaceVariants(body: string): Variant[] {
  const candidates: Variant[] = [
    { name: "the body without leading and trailing whitespace", body: body.trim() },
    { name: "the body without its trailing newline or spaces", body: body.trimEnd() },
    { name: "the body without its leading whitespace", body: body.trimStart() },
    { name: "the body with a newline added at the end", body: `${body}\n` },
    { name: "the body with a CRLF line break added at the end", body: `${body}\r\n` },
    { name: "the body trimmed, with one newline at the end", body: `${body.trim()}\n` },
    { name: "the body with CRLF line breaks turned into LF", body: body.replace(/\r\n/g, "\n") },
    { name: "the body with LF line breaks turned into CRLF", body: body.replace(/\r?\n/g, "\r\n") },
  ];
  return candidates;
}

function reserialisedVariants(body: string): Variant[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const forms: Variant[] = [
    { name: "the JSON re-serialised compactly", body: JSON.stringify(parsed) },
    { name: "the JSON pretty-printed with 2 spaces", body: JSON.stringify(parsed, null, 2) },
    { name: "the JSON pretty-printed with 4 spaces", body: JSON.stringify(parsed, null, 4) },
    { name: "the JSON pretty-printed with tabs", body: JSON.stringify(parsed, null, "\t") },
  ];
  return forms.flatMap((form) => [
    form,
    { name: `${form.name}, with a newline at the end`, body: `${form.body}\n` },
  ]);
}

function firstVerifying(
  key: KeyObject,
  original: string,
  variants: Variant[],
  signature: Buffer,
  encoding: "der" | "ieee-p1363",
): Variant | undefined {
  return variants.find(
    (variant) => variant.body !== original && verifies(key, variant.body, signature, encoding),
  );
}

/**
 * Says whether a webhook body and signature header verify with a public key and, when they do not, the likely
 * reason: a header that is not one of the accepted forms, a body whose whitespace changed, a body that was parsed
 * and re-serialised on the way, or a signature made with another key (or over a body changed in some other way).
 */
export function diagnoseWebhookSignature(input: {
  rawBody: string;
  header: string;
  publicKeyPem: string | undefined;
}): SignatureDiagnosis {
  const { rawBody, header, publicKeyPem } = input;
  if (!publicKeyPem) {
    return {
      verifies: false,
      reason: "no_public_key",
      summary: "The console has no webhook public key configured, so nothing can verify.",
      advice: "Set WEBHOOK_PUBLIC_KEY to the PEM public key the payment API shows, then restart the console.",
    };
  }
  let key: KeyObject;
  try {
    key = createPublicKey(publicKeyPem);
  } catch {
    return {
      verifies: false,
      reason: "invalid_public_key",
      summary: "The configured public key is not a readable PEM key.",
      advice: "Set WEBHOOK_PUBLIC_KEY to the full PEM, including the BEGIN and END lines.",
    };
  }
  if (key.asymmetricKeyType !== "ec" || key.asymmetricKeyDetails?.namedCurve !== "prime256v1") {
    return {
      verifies: false,
      reason: "invalid_public_key",
      summary:
        "The configured public key is not an elliptic-curve P-256 key, which webhooks are signed with.",
      advice: "Set WEBHOOK_PUBLIC_KEY to the P-256 public key the payment API shows.",
    };
  }
  if (header.trim() === "") {
    return {
      verifies: false,
      reason: "missing_header",
      summary: "No signature header value was given.",
      advice: "Paste the value of the signature header that came with this body.",
    };
  }

  // The receiver's own reading of the header (app/api/webhooks/route.ts): what it refuses is explained here.
  const base64 = signatureFromHeader(header);
  if (base64 === null) return formatProblem(header);
  const format = formatOf(header);
  const signature = Buffer.from(base64, "base64");

  if (!isDerSignature(signature)) {
    // A raw r‖s signature (IEEE P1363, 64 bytes) is the usual mistake of signing libraries that skip DER.
    const all = [
      { name: "the body as given", body: rawBody },
      ...whitespaceVariants(rawBody),
      ...reserialisedVariants(rawBody),
    ];
    if (
      signature.length === 64 &&
      all.some((variant) => verifies(key, variant.body, signature, "ieee-p1363"))
    ) {
      return {
        ...wrongFormat(
          "The signature is a raw 64-byte r‖s value (IEEE P1363), not DER-encoded.",
          "The payment API sends DER-encoded ECDSA signatures in base64; encode the signature as DER.",
        ),
        format,
      };
    }
    const hex = /^[0-9a-f]+$/i.test(base64) && base64.length % 2 === 0 ? Buffer.from(base64, "hex") : null;
    if (hex && isDerSignature(hex)) {
      return {
        ...wrongFormat("The signature is hex-encoded.", "Encode the DER signature in base64, not hex."),
        format,
      };
    }
    return {
      ...wrongFormat(
        `The signature decodes to ${signature.length} bytes that are not a DER-encoded ECDSA signature.`,
        "Check that the whole header value was copied; a cut-off value does not decode to a signature.",
      ),
      format,
    };
  }

  if (verifyWebhookSignature(publicKeyPem, rawBody, header).valid) {
    return {
      verifies: true,
      reason: "verifies",
      format,
      summary: "The signature verifies: this body is exactly what was signed, with the configured key.",
      advice: "Nothing to fix.",
    };
  }

  const whitespace = firstVerifying(key, rawBody, whitespaceVariants(rawBody), signature, "der");
  if (whitespace) {
    return {
      verifies: false,
      reason: "whitespace",
      format,
      variant: whitespace.name,
      summary: `The signature verifies over ${whitespace.name}: whitespace or a line break changed on the way.`,
      advice:
        "Verify the raw request bytes as they arrived; do not trim the body, add a newline, or let an editor change line endings.",
    };
  }
  const reserialised = firstVerifying(key, rawBody, reserialisedVariants(rawBody), signature, "der");
  if (reserialised) {
    return {
      verifies: false,
      reason: "reserialised_json",
      format,
      variant: reserialised.name,
      summary: `The signature verifies over ${reserialised.name}: the body was parsed and written out again.`,
      advice:
        "Verify the raw body before any JSON parsing; a framework's body parser or a pretty-printer changes the bytes.",
    };
  }
  return {
    verifies: false,
    reason: "wrong_key",
    format,
    summary:
      "The signature is well formed but verifies with none of the likely bodies: it was made with another key, or over a different body.",
    advice:
      "Check that the public key belongs to the environment that sent the webhook (sandbox and production differ), and that the body is the one that came with this header.",
  };
}
