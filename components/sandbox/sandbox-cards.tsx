"use client";

import type { SandboxExchange } from "@/lib/client/api/sandbox";
import { ClockCard } from "./clock-card";
import { FundAccountCard } from "./fund-account-card";
import { ReceivePaymentCard } from "./receive-payment-card";
import { SendPaymentCard } from "./send-payment-card";

/** The sandbox's four actions; one download (react-hook-form and the cards), fetched beside the data they show. */
export function SandboxCards({
  localService,
  onExchange,
}: {
  localService: boolean;
  onExchange: (exchange: SandboxExchange) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <FundAccountCard onExchange={onExchange} />
      <ReceivePaymentCard onExchange={onExchange} />
      <SendPaymentCard onExchange={onExchange} />
      <ClockCard localService={localService} onExchange={onExchange} />
    </div>
  );
}
