import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { ApiError } from "../../../shared/api-error";
import { isUniqueViolation } from "../../../shared/data-exception";
import type { SavedView } from "../../universal/views/saved-view";
import type { CreateViewBody, UpdateViewBody } from "../../universal/views/saved-view-schema";
import { normaliseViewQuery, type SavedViewList } from "../../universal/views/view-url";
import type { ConsoleDatabase } from "../db/client";
import { savedViews } from "../db/schema";

type Row = typeof savedViews.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const viewNotFound = () => new ApiError(404, "VIEW_NOT_FOUND", "You have no saved view with this id.");

function nameTaken(name: string) {
  return new ApiError(409, "VIEW_NAME_TAKEN", `You already have a view named "${name}" on this list.`, {
    fields: [{ path: "name", message: "You already have a view with this name on this list" }],
  });
}

function presentView(row: Row): SavedView {
  return {
    id: row.id,
    list: row.list as SavedViewList,
    name: row.name,
    query: row.query,
    columns: row.columns ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One person's views of one list, by name. */
export async function listViews(
  db: ConsoleDatabase,
  userId: string,
  list: SavedViewList,
): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.userId, userId), eq(savedViews.list, list)))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.createdAt));
  return rows.map(presentView);
}

/** Saves a view (its query in canonical form); 409 when the person has a view of that name on the list. */
export async function createView(
  db: ConsoleDatabase,
  userId: string,
  body: CreateViewBody,
): Promise<SavedView> {
  try {
    const [row] = await db
      .insert(savedViews)
      .values({
        userId,
        list: body.list,
        name: body.name,
        query: normaliseViewQuery(body.query),
        columns: body.columns,
      })
      .returning();
    if (!row) throw new Error("the insert returned no row");
    return presentView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(body.name);
    throw error;
  }
}

/** The person's own view, or 404 (another person's view is as unknown as one that does not exist). */
export async function findOwnView(db: ConsoleDatabase, userId: string, id: string): Promise<SavedView> {
  if (!UUID.test(id)) throw viewNotFound();
  const [row] = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)));
  if (!row) throw viewNotFound();
  return presentView(row);
}

/** Renames a view, or replaces its filters and columns. */
export async function updateView(
  db: ConsoleDatabase,
  userId: string,
  id: string,
  changes: UpdateViewBody,
): Promise<SavedView> {
  if (!UUID.test(id)) throw viewNotFound();
  try {
    const [row] = await db
      .update(savedViews)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.query !== undefined ? { query: normaliseViewQuery(changes.query) } : {}),
        ...(changes.columns !== undefined ? { columns: changes.columns } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
      .returning();
    if (!row) throw viewNotFound();
    return presentView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(changes.name ?? "");
    throw error;
  }
}

/** Deletes a view of the person's; 404 when they have none with this id. */
export async function deleteView(db: ConsoleDatabase, userId: string, id: string): Promise<SavedView> {
  if (!UUID.test(id)) throw viewNotFound();
  const [row] = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .returning();
  if (!row) throw viewNotFound();
  return presentView(row);
}
