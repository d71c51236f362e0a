import type * as React from "react";
import type { PlatformConfig } from "@/shared/contract";

export function PlatformSummary({ config }: { config: PlatformConfig }) {
  return (
    <section
      aria-labelledby="platform-heading"
      className="rounded-lg border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="platform-heading" className="text-base font-semibold">
        Platform
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="UMA domain" value={config.umaDomain} mono />
        <Field label="Proxy UMA subdomain" value={config.proxyUmaSubdomain ?? "—"} mono />
        <Field
          label="Webhook endpoint"
          value={config.webhookEndpoint ?? "Not set"}
          mono
          className="lg:col-span-2"
        />
        <Field
          label="Regulated institution"
          value={
            config.isRegulatedFinancialInstitution === undefined
              ? "—"
              : config.isRegulatedFinancialInstitution
                ? "Yes"
                : "No"
          }
        />
        <Field
          label="Supported currencies"
          className="lg:col-span-3"
          value={
            <ul className="flex flex-wrap gap-2" aria-label="Supported currencies">
              {config.supportedCurrencies.map((currency) => (
                <li
                  key={currency.currencyCode}
                  className="rounded-md border border-zinc-200 px-2 py-0.5 font-mono text-sm dark:border-zinc-700"
                >
                  {currency.currencyCode}
                </li>
              ))}
            </ul>
          }
        />
      </dl>
    </section>
  );
}

function Field({
  label,
  value,
  mono = false,
  className,
}: {
  label: string;
  value: React.ReactNode;
  mono?: boolean;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
        {label}
      </dt>
      <dd className={mono ? "mt-1 break-all font-mono text-sm" : "mt-1 text-sm"}>{value}</dd>
    </div>
  );
}
