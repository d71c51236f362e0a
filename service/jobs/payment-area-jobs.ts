import type { AreaJobs } from "./area-jobs";

/** Background work of the payment area (approval time-outs, simulated settlement, quote expiry). */
export const paymentAreaJobs: AreaJobs = { tasks: {} };
