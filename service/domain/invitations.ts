import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import {
  type BankAccountInfoInput,
  type ClaimInvitationBody,
  type CreateInvitationBody,
  naturalCurrency,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import { invitations } from "../db/schema";
import { ApiError } from "../errors";
import { type Executor, enqueueWebhook } from "../webhooks/enqueue";
import { getOrCreateConfig } from "./config";
import {
  amountObject,
  type CustomerRow,
  findLiveCustomerByUma,
  requireSupportedCurrency,
} from "./payment-accounts";

export type InvitationRow = typeof invitations.$inferSelect;

/** Invitations without their own expiresAt stay open this long. */
const DEFAULT_INVITATION_DAYS = 30;
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 10;

function newCode(): string {
  let code = "";
  for (const byte of randomBytes(CODE_LENGTH)) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return code;
}

const isExpired = (row: InvitationRow, now: Date) =>
  row.status === "EXPIRED" ||
  (row.status === "PENDING" && row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime());

/**
 * An invitation's `url` is `<public URL>/i/<code>` (api-notes §7's `https://<host>/i/<code>` when the service is
 * published over HTTPS at a host's root), and the service hosts the invitee's page there (routes/invitation-pages.ts).
 */
function invitationUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/i/${encodeURIComponent(code)}`;
}

function presentInvitation(row: InvitationRow, now: Date, publicUrl: string) {
  return {
    code: row.code,
    createdAt: row.createdAt.toISOString(),
    url: invitationUrl(publicUrl, row.code),
    inviterUma: row.inviterUma,
    status: isExpired(row, now) ? "EXPIRED" : row.status,
    ...(row.claimedAt ? { claimedAt: row.claimedAt.toISOString() } : {}),
    ...(row.expiresAt ? { expiresAt: row.expiresAt.toISOString() } : {}),
    ...(row.inviteeUma ? { inviteeUma: row.inviteeUma } : {}),
    ...(row.firstName ? { firstName: row.firstName } : {}),
    ...(row.amountToSend
      ? { amountToSend: amountObject(row.amountToSend.amount, row.amountToSend.currencyCode) }
      : {}),
  };
}

/** Persists the PENDING → EXPIRED transition of every invitation past its expiresAt. */
export async function expireDueInvitations(executor: Executor, now: Date, code?: string): Promise<void> {
  await executor
    .update(invitations)
    .set({ status: "EXPIRED" })
    .where(
      and(
        eq(invitations.status, "PENDING"),
        lte(invitations.expiresAt, now),
        code ? eq(invitations.code, code) : undefined,
      ),
    );
}

/**
 * The amount an invitation offers, with its currency. A bare integer is in the smallest unit of the inviter's
 * currency (the reference): the currency of the inviter's bank account, else the platform's first supported one.
 */
async function inviterAmount(
  context: ServiceContext,
  inviter: CustomerRow,
  amountToSend: NonNullable<CreateInvitationBody["amountToSend"]>,
): Promise<{ amount: number; currencyCode: string }> {
  const config = await getOrCreateConfig(context);
  if (typeof amountToSend !== "number") {
    requireSupportedCurrency(config, amountToSend.currency);
    return { amount: amountToSend.amount, currencyCode: amountToSend.currency };
  }
  const banked = inviter.bankAccountInfo
    ? naturalCurrency(inviter.bankAccountInfo as BankAccountInfoInput)
    : undefined;
  const supported = config.supportedCurrencies.map((entry) => entry.currencyCode);
  const currencyCode = banked && supported.includes(banked) ? banked : supported[0];
  if (currencyCode === undefined) {
    throw new ApiError(400, "INVALID_CURRENCY", "The platform supports no currency to invite with.");
  }
  return { amount: amountToSend, currencyCode };
}

export async function createInvitation(context: ServiceContext, body: CreateInvitationBody) {
  const now = context.clock.now();
  const inviter = await findLiveCustomerByUma(context.db, body.inviterUma);
  if (!inviter) {
    throw new ApiError(404, "USER_NOT_FOUND", `No customer has the UMA address ${body.inviterUma}.`, {
      fields: [{ path: "inviterUma", message: "Not a customer of this platform" }],
    });
  }
  const amountToSend =
    body.amountToSend === undefined ? null : await inviterAmount(context, inviter, body.amountToSend);
  const expiresAt = body.expiresAt
    ? new Date(body.expiresAt)
    : new Date(now.getTime() + DEFAULT_INVITATION_DAYS * 86_400_000);
  if (expiresAt.getTime() <= now.getTime()) {
    throw new ApiError(400, "INVALID_INPUT", "expiresAt must be in the future.", {
      fields: [{ path: "expiresAt", message: "Must be in the future" }],
    });
  }
  // Ten characters of a 32-letter alphabet rarely collide; a collision just draws again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await context.db
      .insert(invitations)
      .values({
        code: newCode(),
        inviterUma: inviter.umaAddress,
        firstName: body.firstName ?? null,
        amountToSend,
        status: "PENDING",
        expiresAt,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return presentInvitation(row, now, context.config.publicUrl);
  }
  throw new Error("could not draw an unused invitation code");
}

async function requireInvitation(executor: Executor, code: string): Promise<InvitationRow> {
  const [row] = await executor.select().from(invitations).where(eq(invitations.code, code));
  if (!row) throw new ApiError(404, "INVITATION_NOT_FOUND", `Invitation ${code} was not found.`);
  return row;
}

export async function getInvitation(context: ServiceContext, code: string) {
  const now = context.clock.now();
  await expireDueInvitations(context.db, now, code);
  return presentInvitation(await requireInvitation(context.db, code), now, context.config.publicUrl);
}

/**
 * POST /invitations/{code}/claim: one conditional UPDATE, so of concurrent claims exactly one wins; the
 * INVITATION_CLAIMED webhook commits with it.
 */
export async function claimInvitation(context: ServiceContext, code: string, body: ClaimInvitationBody) {
  const now = context.clock.now();
  const current = await requireInvitation(context.db, code);
  if (current.inviterUma === body.inviteeUma) {
    throw new ApiError(400, "INVALID_INPUT", "An invitation cannot be claimed by its inviter.", {
      fields: [{ path: "inviteeUma", message: "Is the inviter's own address" }],
    });
  }
  const claimed = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ status: "CLAIMED", inviteeUma: body.inviteeUma, claimedAt: now })
      .where(
        and(
          eq(invitations.code, code),
          eq(invitations.status, "PENDING"),
          or(isNull(invitations.expiresAt), gt(invitations.expiresAt, now)),
        ),
      )
      .returning();
    if (!row) return undefined;
    const invitation = presentInvitation(row, now, context.config.publicUrl);
    await enqueueWebhook(tx, { type: "INVITATION_CLAIMED", payload: { invitation } }, now);
    return invitation;
  });
  if (claimed) return claimed;

  await expireDueInvitations(context.db, now, code);
  const row = await requireInvitation(context.db, code);
  if (row.status === "CLAIMED") {
    throw new ApiError(400, "INVITATION_ALREADY_CLAIMED", `Invitation ${code} was already claimed.`);
  }
  if (row.status === "CANCELLED") {
    throw new ApiError(400, "INVITATION_CANCELLED", `Invitation ${code} was cancelled.`);
  }
  throw new ApiError(400, "INVALID_INPUT", `Invitation ${code} expired at ${row.expiresAt?.toISOString()}.`, {
    status: "EXPIRED",
  });
}

/**
 * POST /invitations/{code}/cancel: a PENDING invitation becomes CANCELLED, in one conditional UPDATE so a claim
 * racing it either wins first (then this is 400) or finds it cancelled. Anything but PENDING is 400.
 */
export async function cancelInvitation(context: ServiceContext, code: string) {
  const now = context.clock.now();
  await expireDueInvitations(context.db, now, code);
  const [row] = await context.db
    .update(invitations)
    .set({ status: "CANCELLED" })
    .where(and(eq(invitations.code, code), eq(invitations.status, "PENDING")))
    .returning();
  if (row) return presentInvitation(row, now, context.config.publicUrl);
  const current = await requireInvitation(context.db, code);
  throw new ApiError(
    400,
    current.status === "CANCELLED"
      ? "INVITATION_CANCELLED"
      : current.status === "CLAIMED"
        ? "INVITATION_ALREADY_CLAIMED"
        : "INVALID_INPUT",
    `Only a pending invitation can be cancelled; ${code} is ${current.status.toLowerCase()}.`,
    { status: current.status },
  );
}
