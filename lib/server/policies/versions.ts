import "server-only";
import { and, desc, eq, inArray, max } from "drizzle-orm";
import { ApiError } from "../../../shared/api-error";
import { isUniqueViolation } from "../../../shared/data-exception";
import { type PolicyDocument, policyDocumentSchema } from "../../universal/policies/rules";
import { unchangedAgainst, unchangedReason } from "../../universal/policies/unchanged";
import type {
  PolicyPerson,
  PolicyVersionStatus,
  PolicyVersionView,
} from "../../universal/policies/version-types";
import type { ConsoleUser } from "../auth/session-user";
import type { ConsoleDatabase } from "../db/client";
import { policyVersions, users } from "../db/schema";
import { firstPersonStands, proposerLeft, requireRoleBefore } from "../team/role-since";

/**
 * Approval policy versions (issue 26): drafts written and edited, proposed by one person, then activated or declined
 * by another. One version is active at a time (the partial unique index policy_versions_one_active); activation
 * supersedes the previous one in the same transaction, so two activations at once cannot leave two in force.
 * The routes under app/api/policies audit each change; this module only reads and writes the table.
 */

type Row = typeof policyVersions.$inferSelect;
type Who = Pick<ConsoleUser, "id" | "email">;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const versionNotFound = () =>
  new ApiError(404, "POLICY_VERSION_NOT_FOUND", "There is no policy version with this id.");

function notInStatus(row: Row, wanted: PolicyVersionStatus, doing: string): ApiError {
  return new ApiError(
    409,
    "POLICY_VERSION_STATUS",
    `v${row.version} is ${row.status}; only a ${wanted} version can be ${doing}.`,
    { status: row.status },
  );
}

async function peopleOf(db: ConsoleDatabase, rows: readonly Row[]): Promise<Map<string, PolicyPerson>> {
  const ids = [
    ...new Set(rows.flatMap((row) => [row.createdBy, row.proposedBy, row.decidedBy]).filter(Boolean)),
  ] as string[];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(found.map((person) => [person.id, person]));
}

function present(row: Row, people: Map<string, PolicyPerson>): PolicyVersionView {
  const person = (id: string | null): PolicyPerson | null =>
    id ? (people.get(id) ?? { id, email: "(removed)", name: "(removed)" }) : null;
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    document: documentOf(row),
    note: row.note,
    createdBy: person(row.createdBy) as PolicyPerson,
    createdAt: row.createdAt.toISOString(),
    proposedBy: person(row.proposedBy),
    proposedAt: row.proposedAt?.toISOString() ?? null,
    decidedBy: person(row.decidedBy),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    declineReason: row.declineReason,
  };
}

/** Stored documents were validated on the way in; parsing again fills defaults and keeps the shape honest. */
function documentOf(row: Row): PolicyDocument {
  const parsed = policyDocumentSchema.safeParse(row.document);
  return parsed.success ? parsed.data : { rules: [], allowListedDomains: [] };
}

async function presentOne(db: ConsoleDatabase, row: Row): Promise<PolicyVersionView> {
  return present(row, await peopleOf(db, [row]));
}

async function findRow(db: ConsoleDatabase, id: string): Promise<Row> {
  if (!UUID.test(id)) throw versionNotFound();
  const [row] = await db.select().from(policyVersions).where(eq(policyVersions.id, id));
  if (!row) throw versionNotFound();
  return row;
}

/** Every version, newest first. */
export async function listVersions(db: ConsoleDatabase): Promise<PolicyVersionView[]> {
  const rows = await db.select().from(policyVersions).orderBy(desc(policyVersions.version));
  const people = await peopleOf(db, rows);
  return rows.map((row) => present(row, people));
}

export async function getVersion(db: ConsoleDatabase, id: string): Promise<PolicyVersionView> {
  return presentOne(db, await findRow(db, id));
}

/** The version in force, if any. */
export async function activeVersion(db: ConsoleDatabase): Promise<PolicyVersionView | null> {
  const [row] = await db.select().from(policyVersions).where(eq(policyVersions.status, "active"));
  return row ? presentOne(db, row) : null;
}

/**
 * A new draft holding `document`, or a copy of version `copyOf`'s document. Its number is the next one; two drafts
 * created at once both get one (the unique index refuses the second number, which is then taken again). `at` is
 * when it was written: now, except in a replayed history (the demo's seed, scripts/lib/demo-policy.ts).
 */
export async function createDraft(
  db: ConsoleDatabase,
  by: Who,
  source: { document: PolicyDocument } | { copyOf: string },
  note = "",
  at = new Date(),
): Promise<PolicyVersionView> {
  const document = "document" in source ? source.document : (await findRow(db, source.copyOf)).document;
  for (let attempt = 0; ; attempt++) {
    try {
      const [next] = await db.select({ top: max(policyVersions.version) }).from(policyVersions);
      const [row] = await db
        .insert(policyVersions)
        .values({
          version: (next?.top ?? 0) + 1,
          status: "draft",
          document,
          note,
          createdBy: by.id,
          createdAt: at,
        })
        .returning();
      if (!row) throw new Error("the new policy version was not returned");
      return presentOne(db, row);
    } catch (error) {
      if (attempt < 5 && isUniqueViolation(error, "policy_versions_version_key")) continue;
      throw error;
    }
  }
}

/**
 * Replaces a draft's document (and note), by its author only; any other status is refused. Activation is refused to
 * a version's author and proposer: were anyone else to rewrite a draft, the rules' real author would not be its
 * author, and could activate the rules they wrote once another person proposed them.
 */
export async function updateDraft(
  db: ConsoleDatabase,
  id: string,
  by: Who,
  document: PolicyDocument,
  note?: string,
): Promise<PolicyVersionView> {
  const row = await findRow(db, id);
  if (row.createdBy !== by.id) {
    throw new ApiError(
      409,
      "DRAFT_AUTHOR_ONLY",
      `Only the author of v${row.version} edits it: the one who writes a version's rules never activates them. Copy it into a draft of your own to change it.`,
    );
  }
  const [updated] = await db
    .update(policyVersions)
    .set({ document, ...(note === undefined ? {} : { note }) })
    .where(
      and(eq(policyVersions.id, id), eq(policyVersions.status, "draft"), eq(policyVersions.createdBy, by.id)),
    )
    .returning();
  if (!updated) throw notInStatus(row, "draft", "edited");
  return presentOne(db, updated);
}

/** A draft becomes proposed by `by` (at `at`, now unless replayed), waiting for a second person. */
export async function proposeDraft(
  db: ConsoleDatabase,
  id: string,
  by: Who,
  at = new Date(),
): Promise<PolicyVersionView> {
  const row = await findRow(db, id);
  // Nothing to decide: a second person would put in force what is in force already (and the log would say a
  // change was made). Refused while it is a draft; any other status is refused below for that.
  const [active] = await db.select().from(policyVersions).where(eq(policyVersions.status, "active"));
  if (row.status === "draft" && active && unchangedAgainst(documentOf(active), documentOf(row))) {
    throw new ApiError(409, "POLICY_UNCHANGED", unchangedReason(row.version, active.version), {
      against: active.version,
    });
  }
  const [updated] = await db
    .update(policyVersions)
    .set({ status: "proposed", proposedBy: by.id, proposedAt: at })
    .where(and(eq(policyVersions.id, id), eq(policyVersions.status, "draft")))
    .returning();
  if (!updated) throw notInStatus(row, "draft", "proposed");
  return presentOne(db, updated);
}

/** Refused unless `by` is someone other than the proposer: activation and declining need a second person. */
function requireSecondPerson(row: Row, by: Who, doing: string): void {
  if (row.proposedBy === by.id) {
    throw new ApiError(
      409,
      "SECOND_PERSON_REQUIRED",
      `You proposed v${row.version}; another compliance officer or admin must ${doing} it.`,
    );
  }
}

/**
 * Refused to the version's author: whoever wrote the rules must not put them in force, even when someone else
 * proposed them (else the author and a willing proposer are one person acting twice, issue 46 item 14).
 */
function requireNotAuthor(row: Row, by: Who): void {
  if (row.createdBy === by.id) {
    throw new ApiError(
      409,
      "SECOND_PERSON_REQUIRED",
      `You wrote v${row.version}; a compliance officer or admin who neither wrote nor proposed it must activate it.`,
    );
  }
}

/**
 * Puts a proposed version in force, in one transaction: the active one (if any) becomes superseded, this one
 * active. Two activations at once: the second waits on the first's row locks and then finds nothing to do (same
 * version) or collides with the unique index (another version): both answer 409, and exactly one version is active.
 */
export async function activateVersion(
  db: ConsoleDatabase,
  id: string,
  by: Who,
  at = new Date(),
): Promise<{ activated: PolicyVersionView; superseded: number | null }> {
  const row = await findRow(db, id);
  if (row.status !== "proposed") throw notInStatus(row, "proposed", "activated");
  requireSecondPerson(row, by, "activate");
  requireNotAuthor(row, by);
  // Nor someone whose account or role is newer than the proposal (issue 46 item 2).
  await requireRoleBefore(by.id, row.proposedAt ?? row.createdAt, "policy version's proposal", db);
  // Nor a version whose proposer has been disabled or moved since: it waits for someone to decline it.
  if (row.proposedBy && !(await firstPersonStands(row.proposedBy, row.proposedAt ?? row.createdAt, db))) {
    throw proposerLeft("policy version", false);
  }
  try {
    return await db.transaction(async (tx) => {
      const previous = await tx
        .update(policyVersions)
        .set({ status: "superseded" })
        .where(eq(policyVersions.status, "active"))
        .returning({ version: policyVersions.version });
      const [activated] = await tx
        .update(policyVersions)
        .set({ status: "active", decidedBy: by.id, decidedAt: at })
        .where(and(eq(policyVersions.id, id), eq(policyVersions.status, "proposed")))
        .returning();
      if (!activated) {
        const [now] = await tx.select().from(policyVersions).where(eq(policyVersions.id, id));
        throw notInStatus(now ?? row, "proposed", "activated");
      }
      return {
        activated: await presentOne(tx as unknown as ConsoleDatabase, activated),
        superseded: previous[0]?.version ?? null,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, "policy_versions_one_active")) {
      throw new ApiError(
        409,
        "ACTIVATION_CONFLICT",
        "Another version was activated at the same moment; reload to see which one is in force.",
      );
    }
    throw error;
  }
}

/**
 * A proposed version is declined by a second person, with their reason (checked by the route's schema: trimmed,
 * bounded, said in letters); it stays in the list, never to be activated.
 */
export async function declineVersion(
  db: ConsoleDatabase,
  id: string,
  by: Who,
  reason: string,
): Promise<PolicyVersionView> {
  const row = await findRow(db, id);
  if (row.status !== "proposed") throw notInStatus(row, "proposed", "declined");
  requireSecondPerson(row, by, "decline");
  const [updated] = await db
    .update(policyVersions)
    .set({ status: "declined", decidedBy: by.id, decidedAt: new Date(), declineReason: reason })
    .where(and(eq(policyVersions.id, id), eq(policyVersions.status, "proposed")))
    .returning();
  if (!updated) throw notInStatus(await findRow(db, id), "proposed", "declined");
  return presentOne(db, updated);
}
