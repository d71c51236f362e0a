import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestService, type TestService } from "./test-support/service";

const lines: string[] = [];
let service: TestService;

const CONSTRAINT = "test_refuses_marked_customers";
const person = { fullName: "Refused Ingrid Søndergaard-Wolfe", birthDate: "1958-02-11" };

beforeAll(async () => {
  service = await startTestService(
    { logLevel: "info" },
    { logDestination: { write: (line) => lines.push(line) } },
  );
  // A failed insert on purpose, while it carries a person's name and birth date as its parameters.
  const client = new pg.Client({ connectionString: service.context.config.databaseUrl });
  await client.connect();
  await client.query(
    `alter table customers add constraint ${CONSTRAINT} check (full_name not like 'Refused %') not valid`,
  );
  await client.end();
});

afterAll(async () => {
  await service.close();
});

it("a failed query is logged as its codes and request id, never its parameters, the row, the URL or headers", async () => {
  const response = await service.api("/customers", {
    method: "POST",
    json: {
      platformCustomerId: "ingrid-platform-id",
      customerType: "INDIVIDUAL",
      ...person,
      address: { line1: "1 Main Street", city: "Springfield", postalCode: "12345", country: "US" },
    },
  });
  expect(response.status).toBe(500);
  const listed = await service.api("/customers?platformCustomerId=ingrid-platform-id");
  expect(listed.status).toBe(200);

  const log = lines.join("");
  const credential = service.authorization.slice("Basic ".length);
  for (const leak of [
    person.fullName,
    person.birthDate,
    "ingrid-platform-id",
    credential,
    "Failing row",
    "params",
  ]) {
    expect(log, leak).not.toContain(leak);
  }
  const failure = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.err);
  expect(failure).toMatchObject({
    level: 50,
    msg: "request failed",
    err: {
      name: "DrizzleQueryError",
      cause: { name: "DatabaseError", code: "23514", constraint: CONSTRAINT },
    },
  });
  expect(typeof failure?.reqId).toBe("string");
  // The request lines name the route, not the URL with its query.
  expect(log).toContain('"route":"/2025-10-13/customers"');
});
