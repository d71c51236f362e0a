import { connection } from "next/server";
import { PlatformSummary } from "@/components/overview/platform-summary";
import { platformConfigSchema } from "@/lib/contract";
import { env } from "@/lib/env";
import { readPaymentApi } from "@/lib/payments-server";

export default async function OverviewPage() {
  await connection();
  const config = await readPaymentApi("/config", platformConfigSchema);
  return (
    <main className="mx-auto max-w-5xl space-y-6 p-6 lg:p-10">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Overview</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Your platform on the payment API.</p>
        </div>
        <EnvironmentBadge environment={env().PAYMENT_API_ENVIRONMENT} />
      </header>
      {config.ok ? (
        <PlatformSummary config={config.data} />
      ) : (
        <section
          aria-labelledby="platform-error"
          className="rounded-lg border border-red-200 bg-red-50 p-5 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <h2 id="platform-error" className="font-medium">
            The platform configuration could not be loaded
          </h2>
          <p className="mt-1 text-sm">
            {config.message} ({config.code})
          </p>
        </section>
      )}
    </main>
  );
}

function EnvironmentBadge({ environment }: { environment: "sandbox" | "production" }) {
  const sandbox = environment === "sandbox";
  return (
    <span
      className={
        sandbox
          ? "rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-900"
          : "rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-emerald-900"
      }
    >
      {sandbox ? "Sandbox" : "Production"}
    </span>
  );
}
