"use client";

import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleX, ShieldQuestion } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import {
  checkWebhookSignature,
  type SignatureDiagnosisResult,
  webhookPublicKeyQuery,
} from "@/lib/client/api/webhooks";
import { cn } from "@/lib/universal/utils";
import { ApiError } from "@/shared/api-error";

const REASON_TITLES: Record<SignatureDiagnosisResult["reason"], string> = {
  verifies: "The signature verifies",
  no_public_key: "No public key is configured",
  invalid_public_key: "The configured public key is not usable",
  missing_header: "No header value",
  wrong_format: "Wrong header format",
  whitespace: "Whitespace changed",
  reserialised_json: "The JSON was re-serialised",
  wrong_key: "Wrong key, or a different body",
};

const FORMAT_LABELS = {
  json: '{"v":"1","s":"…"}',
  sha256: "sha256=<base64>",
  base64: "bare base64",
} as const;

/**
 * A developer pastes the raw body their endpoint received and the signature header's value, and learns whether they
 * verify with the console's public key and, if not, the most likely reason.
 */
export function SignatureChecker() {
  const publicKey = useQuery(webhookPublicKeyQuery());
  const headerName = publicKey.data?.headerName ?? "signature";
  const [rawBody, setRawBody] = useState("");
  const [header, setHeader] = useState("");
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<SignatureDiagnosisResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resultId = useId();

  const check = async () => {
    setChecking(true);
    setError(null);
    try {
      setResult(await checkWebhookSignature({ rawBody, header }));
    } catch (caught) {
      setResult(null);
      setError(
        caught instanceof ApiError ? caught.message : "The signature could not be checked. Try again.",
      );
    } finally {
      setChecking(false);
    }
  };

  const Icon = result === null ? ShieldQuestion : result.verifies ? CircleCheck : CircleX;

  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Signature checker"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void check();
      }}
    >
      <FormField
        label="Raw body"
        description="Exactly the bytes your endpoint received, before any JSON parsing. Browsers turn CRLF line breaks into LF when pasting."
      >
        <Textarea
          rows={10}
          spellCheck={false}
          value={rawBody}
          onChange={(event) => setRawBody(event.target.value)}
          className="font-mono text-xs"
          placeholder='{"webhookId":"Webhook:…","type":"TEST",…}'
        />
      </FormField>
      <FormField
        label={`Value of the ${headerName} header`}
        description='Any accepted form: {"v":"1","s":"<base64>"}, a bare base64 signature, or sha256=<base64>.'
      >
        <Input
          spellCheck={false}
          autoComplete="off"
          value={header}
          onChange={(event) => setHeader(event.target.value)}
          className="font-mono text-xs"
        />
      </FormField>
      <div className="flex items-center gap-3">
        <Button
          type="submit"
          loading={checking}
          loadingText="Checking…"
          aria-describedby={result ? resultId : undefined}
        >
          Check signature
        </Button>
        {result || error ? (
          <Button
            variant="ghost"
            onClick={() => {
              setRawBody("");
              setHeader("");
              setResult(null);
              setError(null);
            }}
          >
            Clear
          </Button>
        ) : null}
      </div>
      <div aria-live="polite">
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        {result ? (
          <section
            id={resultId}
            aria-label="Signature check result"
            className={cn(
              "flex gap-3 rounded-md border p-4 text-sm",
              result.verifies
                ? "border-emerald-200 bg-emerald-50/60 dark:border-emerald-900 dark:bg-emerald-950/40"
                : "border-red-200 bg-red-50/60 dark:border-red-900 dark:bg-red-950/40",
            )}
          >
            <Icon
              aria-hidden="true"
              className={cn(
                "mt-0.5 size-5 shrink-0",
                result.verifies ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400",
              )}
            />
            <div className="flex flex-col gap-1.5">
              <h3 className="font-semibold">{REASON_TITLES[result.reason]}</h3>
              <p>{result.summary}</p>
              {result.verifies ? null : (
                <p>
                  <span className="font-medium">What to do: </span>
                  {result.advice}
                </p>
              )}
              {result.format ? (
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  Header read as {FORMAT_LABELS[result.format]}.
                </p>
              ) : null}
            </div>
          </section>
        ) : null}
      </div>
    </form>
  );
}
