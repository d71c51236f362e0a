import { z } from "zod";
import type { SandboxExchange } from "@/lib/client/api/sandbox";
import { STORAGE_KEY } from "./sandbox-log-storage";

const storedLogSchema = z.array(
  z.object({
    id: z.string(),
    action: z.string(),
    at: z.string(),
    request: z.object({ method: z.enum(["GET", "POST"]), path: z.string(), body: z.unknown().optional() }),
    response: z.object({ status: z.number(), body: z.unknown() }),
    ok: z.boolean(),
  }),
);

/** The log kept in session storage, or none when it is missing or not what this console wrote. */
export function readStoredLog(): SandboxExchange[] {
  try {
    const parsed = storedLogSchema.safeParse(JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "[]"));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
