import { sql } from "drizzle-orm";
import { ApiError } from "../errors";
import type { Transaction } from "./ledger";

/** How many colliding addresses an error names at most. */
const CONFLICTS_NAMED = 20;

type Conflict = {
  username: string;
  umaAddresses: string[];
  customerIds: string[];
};

/**
 * Moves every live customer's UMA address to a new domain (spec: `umaDomain` is the domain part of all UMA
 * addresses of the platform's users), in the caller's transaction, so the new domain and the moved addresses
 * commit together or not at all. The username part is kept.
 *
 * Two live customers can only end up with the same address when their addresses were on different domains with the
 * same username (moved by no earlier change). That is refused with 409 UMA_ADDRESS_EXISTS naming them, and nothing
 * changes: renaming someone's address silently would send their payments elsewhere. Deleted customers keep the
 * address they had (it stays findable in their history); a live customer may reuse it.
 *
 * Customers are locked against writes for the rest of the transaction, so none is created or renamed between the
 * check and the move. Not covered: a creation (or bulk import) that read the old domain before this transaction and
 * inserts after it commits lands on the old domain; saving the domain again moves it.
 */
export async function moveUmaAddresses(tx: Transaction, umaDomain: string, now: Date): Promise<number> {
  await tx.execute(sql`lock table customers in share row exclusive mode`);
  const { rows } = await tx.execute<Conflict>(sql`
    select split_part(uma_address, '@', 1) as "username",
           array_agg(uma_address order by created_at, id) as "umaAddresses",
           array_agg(id order by created_at, id) as "customerIds"
    from customers
    where not is_deleted
    group by split_part(uma_address, '@', 1)
    having count(*) > 1
    order by 1
    limit ${CONFLICTS_NAMED}`);
  const first = rows[0];
  if (first) {
    throw new ApiError(
      409,
      "UMA_ADDRESS_EXISTS",
      `Moving the customers' UMA addresses to ${umaDomain} would give two customers the same address: ` +
        `${first.umaAddresses.join(" and ")} would both become ${first.username}@${umaDomain}. ` +
        "Change one of them first; nothing was changed.",
      {
        fields: [{ path: "umaDomain", message: "Customers' addresses would collide on this domain" }],
        conflicts: rows.map((row) => ({
          umaAddress: `${row.username}@${umaDomain}`,
          currentUmaAddresses: row.umaAddresses,
          customerIds: row.customerIds,
        })),
      },
    );
  }
  const moved = await tx.execute<{ id: string }>(sql`
    update customers
    set uma_address = split_part(uma_address, '@', 1) || '@' || ${umaDomain}, updated_at = ${now}
    where not is_deleted and split_part(uma_address, '@', 2) <> ${umaDomain}
    returning id`);
  return moved.rows.length;
}
