import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../service/test-support/database";
import { createViewBodySchema, updateViewBodySchema } from "../../universal/views/saved-view-schema";
import { createUser, type UserRow } from "../auth/users";
import { type ConsoleDatabase, createConsoleDatabase } from "../db/client";
import { migrateConsoleDatabase } from "../db/migrate";
import { createView, deleteView, findOwnView, listViews, updateView } from "./saved-views-store";

let db: ConsoleDatabase;
let ana: UserRow;
let ben: UserRow;

beforeAll(async () => {
  const url = await createTestDatabase("saved_views");
  await migrateConsoleDatabase(url);
  db = createConsoleDatabase(url, { max: 2 });
  const person = (email: string) =>
    createUser(db, { email, name: email, role: "viewer", password: "a-long-enough-password" });
  ana = await person("ana@example.test");
  ben = await person("ben@example.test");
});

afterAll(async () => {
  await db.pool.end();
});

const body = (input: unknown) => createViewBodySchema.parse(input);

describe("saved views", () => {
  it("are each person's own, by list, in name order, their query kept in canonical form", async () => {
    const big = await createView(
      db,
      ana.id,
      body({
        list: "transactions",
        name: "Big USD",
        query: "?minAmount=1000&amountCurrency=USD&cursor=x",
        columns: ["id"],
      }),
    );
    expect(big.query).toBe("amountCurrency=USD&minAmount=1000");
    await createView(
      db,
      ana.id,
      body({ list: "transactions", name: "all pending", query: "status=PENDING" }),
    );
    await createView(db, ana.id, body({ list: "quotes", name: "Big USD" }));
    expect((await listViews(db, ana.id, "transactions")).map((view) => view.name)).toEqual([
      "all pending",
      "Big USD",
    ]);
    expect(await listViews(db, ben.id, "transactions")).toEqual([]);
  });

  it("refuse a second view of the same name on a list, whatever its case (409), but not another person's", async () => {
    await expect(
      createView(db, ana.id, body({ list: "transactions", name: "big usd" })),
    ).rejects.toMatchObject({ status: 409, code: "VIEW_NAME_TAKEN" });
    await expect(
      createView(db, ben.id, body({ list: "transactions", name: "Big USD" })),
    ).resolves.toMatchObject({
      name: "Big USD",
    });
  });

  it("are renamed, updated and deleted by their owner only; another's id is not found (404)", async () => {
    const [view] = await listViews(db, ana.id, "transactions");
    if (!view) throw new Error("no view");
    await expect(
      updateView(db, ben.id, view.id, updateViewBodySchema.parse({ name: "Mine now" })),
    ).rejects.toMatchObject({ status: 404 });
    await expect(deleteView(db, ben.id, view.id)).rejects.toMatchObject({ status: 404 });
    await expect(findOwnView(db, ana.id, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
    await expect(
      updateView(db, ana.id, view.id, updateViewBodySchema.parse({ name: "Big USD" })),
    ).rejects.toMatchObject({ status: 409 });

    const renamed = await updateView(
      db,
      ana.id,
      view.id,
      updateViewBodySchema.parse({ name: "  Pending  ", columns: null, query: "status=PENDING&columns=id" }),
    );
    expect(renamed).toMatchObject({ name: "Pending", columns: null, query: "status=PENDING" });
    await deleteView(db, ana.id, view.id);
    await expect(findOwnView(db, ana.id, view.id)).rejects.toMatchObject({ status: 404 });
  });

  it("refuse bad input before the database sees it", () => {
    expect(createViewBodySchema.safeParse({ list: "payments", name: "x" }).success).toBe(false);
    expect(createViewBodySchema.safeParse({ list: "quotes", name: "   " }).success).toBe(false);
    expect(createViewBodySchema.safeParse({ list: "quotes", name: "x".repeat(81) }).success).toBe(false);
    expect(createViewBodySchema.safeParse({ list: "quotes", name: "x", columns: [] }).success).toBe(false);
    expect(createViewBodySchema.safeParse({ list: "quotes", name: "x", columns: ["a b"] }).success).toBe(
      false,
    );
    expect(createViewBodySchema.safeParse({ list: "quotes", name: "x", extra: 1 }).success).toBe(false);
    expect(updateViewBodySchema.safeParse({}).success).toBe(false);
  });
});
