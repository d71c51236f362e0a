import type { AreaJobs } from "./area-jobs";

/** Background work of the customer area (bulk CSV imports). */
export const customerAreaJobs: AreaJobs = { tasks: {} };
