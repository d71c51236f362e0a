import "server-only";
import { ApiError } from "../../../shared/api-error";
import { type Customer, customerSchema } from "../../../shared/contract";
import { readApi } from "../payment-api/read";

/** The customer of this id, as the API answers it now; undefined when the API knows none by it. */
export async function customerById(id: string): Promise<Customer | undefined> {
  try {
    return await readApi(`/customers/${encodeURIComponent(id)}`, customerSchema);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return undefined;
    throw error;
  }
}
