"use client";

import dynamic from "next/dynamic";
import { usePreloadOnMount } from "@/components/ui/preload";
import { LoadingState } from "@/components/ui/states";

/**
 * The customer form (react-hook-form, bank account formats, countries) as its own download. The pages that show it
 * wait for the platform's customer rules first, so the form's code is fetched beside that call, not before it.
 */
export const CustomerForm = dynamic(() => import("./customer-form").then((module) => module.CustomerForm), {
  loading: () => <LoadingState label="Loading the form" rows={6} columns={2} />,
});

const loadCustomerForm = () => import("./customer-form");

/** Starts the form's download as the page mounts, in parallel with the queries the form waits for. */
export function usePreloadCustomerForm(): void {
  usePreloadOnMount(loadCustomerForm);
}
