"use client";

import { FlaskConical } from "lucide-react";
import { usePermission, useViewer } from "@/components/auth/permissions-context";
import { EmptyState } from "@/components/ui/states";
import { ActionLog } from "./action-log";
import { ClockCard } from "./clock-card";
import { FundAccountCard } from "./fund-account-card";
import { ReceivePaymentCard } from "./receive-payment-card";
import { SendPaymentCard } from "./send-payment-card";
import { useSandboxLog } from "./use-sandbox-log";

/** The sandbox tools for developers and admins, while the console talks to a sandbox; otherwise why not. */
export function SandboxConsole({ localService }: { localService: boolean }) {
  const permission = usePermission("sandbox.use");
  const viewer = useViewer();
  const log = useSandboxLog();

  if (!permission.allowed) {
    const production = viewer.environment === "production";
    return (
      <div className="rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <EmptyState
          icon={FlaskConical}
          title={
            production
              ? "The sandbox console is not available in production"
              : "You cannot use the sandbox console"
          }
          description={
            production
              ? "This console is connected to the production payment API, where money and time are real: nothing can be funded or simulated. The sandbox console appears when the console runs with PAYMENT_API_ENVIRONMENT=sandbox."
              : permission.reason
          }
        />
      </div>
    );
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_21rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <FundAccountCard onExchange={log.add} />
        <ReceivePaymentCard onExchange={log.add} />
        <SendPaymentCard onExchange={log.add} />
        <ClockCard localService={localService} onExchange={log.add} />
      </div>
      <ActionLog entries={log.entries} onClear={log.clear} />
    </div>
  );
}
