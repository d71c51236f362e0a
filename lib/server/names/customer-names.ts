import "server-only";
import { customerListSchema } from "../../../shared/contract";
import { customerName } from "../../universal/names/labels";
import { walkPages } from "../payment-api/read";
import { MAX_SEARCHED } from "./customer-search";
import { resolveNames } from "./resolve";

/** Up to this many customers are read one by one; more are found in the customer list. */
const READ_ONE_BY_ONE = 24;

/**
 * The names of these customers, as every list names them. A few are read by id; many are looked up in the customer
 * list, newest first, up to MAX_SEARCHED: an older customer among many is left out (their payments are still found by
 * their ids).
 */
export async function customerNamesOf(ids: ReadonlySet<string>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.size === 0) return names;
  if (ids.size <= READ_ONE_BY_ONE) {
    for (const [id, record] of Object.entries(await resolveNames([...ids]))) {
      if (record.kind === "customer") names.set(id, record.name);
    }
    return names;
  }
  for await (const page of walkPages("/customers", new URLSearchParams(), customerListSchema, {
    maxItems: MAX_SEARCHED,
  })) {
    for (const customer of page.data) {
      if (ids.has(customer.id)) names.set(customer.id, customerName(customer));
    }
    if (names.size === ids.size) break;
  }
  return names;
}
