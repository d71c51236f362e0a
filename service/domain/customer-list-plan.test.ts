import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCustomersQuerySchema } from "../../shared/contract/customers";
import { startTestService, type TestService } from "../test-support/service";
import { customerListCountQuery } from "./customers";

let service: TestService;

beforeAll(async () => {
  service = await startTestService({}, { worker: false });
});
afterAll(async () => {
  await service?.close();
});

/**
 * PostgreSQL's plan for a customer list's capped count (up to 10,001 rows), with sequential scans ruled out as a
 * table of a million rows rules them out. Without an index holding what the list filters on, each counted row is a
 * visit to the table to read `is_deleted`: at a million customers the filtered list's count took 25–35 ms instead
 * of 3–4 (docs/BENCHMARKS.md, Growth).
 */
async function countPlan(query: Record<string, string>): Promise<string> {
  const statement = customerListCountQuery(service.context, listCustomersQuerySchema.parse(query)).toSQL();
  const client = await service.context.db.pool.connect();
  try {
    await client.query("begin");
    await client.query("set local enable_seqscan = off");
    await client.query("set local enable_bitmapscan = off");
    const { rows } = await client.query<{ "QUERY PLAN": string }>(
      `explain ${statement.sql}`,
      statement.params,
    );
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  } finally {
    await client.query("rollback");
    client.release();
  }
}

describe("a customer list's count reads an index alone", () => {
  it("counts live customers from the live customers' index, without visiting their rows", async () => {
    expect(await countPlan({})).toMatch(/Index Only Scan Backward using customers_live_created_idx/);
  });

  it("counts live customers of one type from the live index by type", async () => {
    expect(await countPlan({ customerType: "BUSINESS" })).toMatch(
      /Index Only Scan Backward using customers_live_type_idx/,
    );
  });
});
