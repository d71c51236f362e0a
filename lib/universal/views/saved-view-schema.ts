import { z } from "zod";
import { VIEW_NAME_MAX } from "./saved-view";
import { SAVED_VIEW_LISTS } from "./view-url";

// Column ids are the tables' own (`createdAt`, `amount`); a table has a dozen at most.
const columnsSchema = z
  .array(z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "Must be a column id"))
  .min(1, "Keep at least one column")
  .max(32)
  .nullable();

const nameSchema = z
  .string()
  .trim()
  .min(1, "Give the view a name")
  .max(VIEW_NAME_MAX, `At most ${VIEW_NAME_MAX} characters`);

const querySchema = z.string().max(2000, "At most 2,000 characters");

const savedViewListSchema = z.enum(SAVED_VIEW_LISTS, {
  error: "Must be one of the lists that keep views",
});

/** POST /api/views */
export const createViewBodySchema = z.strictObject({
  list: savedViewListSchema,
  name: nameSchema,
  query: querySchema.default(""),
  columns: columnsSchema.default(null),
});

/** PATCH /api/views/:id: rename, or keep the list's current filters and columns in the view. */
export const updateViewBodySchema = z
  .strictObject({
    name: nameSchema.optional(),
    query: querySchema.optional(),
    columns: columnsSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Send a name, a query or columns to change");

export type CreateViewBody = z.output<typeof createViewBodySchema>;
export type UpdateViewBody = z.output<typeof updateViewBodySchema>;

/** GET /api/views?list=… */
export const listViewsQuerySchema = z.strictObject({ list: savedViewListSchema });
