import { z } from "zod";
import { runBulkImport } from "../domain/bulk-import";
import type { AreaJobs } from "./area-jobs";

const importCustomersPayloadSchema = z.object({ jobId: z.string().min(1) });

/** Background work of the customer area (bulk CSV imports). */
export const customerAreaJobs: AreaJobs = {
  tasks: {
    import_customers: (context) => async (payload) => {
      const { jobId } = importCustomersPayloadSchema.parse(payload);
      await runBulkImport(context, jobId);
    },
  },
};
