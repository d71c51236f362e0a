import type { TokenPermission } from "../../../shared/contract";
import { formatCount } from "../intl/count";

/**
 * Who may open the API tokens page, as the page and the navigation's locked entry both say it: the permission
 * it needs (config.write) names the configuration, which a person looking for tokens does not connect with them.
 */
export const TOKENS_ADMINS_ONLY = "Only admins see, create and revoke the platform's API tokens.";

/**
 * The longest token name the console makes: the contract's (`createTokenBodySchema`, 100), said by the form before
 * sending. The API's reference gives the field no limit, so a token made at the API may have a longer one, which
 * lists and dialogs cut (with the whole name as the title).
 */
export const TOKEN_NAME_MAX_LENGTH = 100;

/** Said by the form when a name is longer than the console makes. */
export const tokenNameTooLong = (length: number) =>
  `At most ${TOKEN_NAME_MAX_LENGTH} characters (this one has ${formatCount(length)})`;

/** How long a token lives, in days, as offered when it is made (issue 46 item 3); the console revokes it then. */
export const TOKEN_EXPIRY_DAYS = [30, 90, 180, 365] as const;
export type TokenExpiryDays = (typeof TOKEN_EXPIRY_DAYS)[number];
export const DEFAULT_TOKEN_EXPIRY_DAYS: TokenExpiryDays = 90;

/** How long an approved token's secret waits, sealed, for its proposer to collect it; then the token is revoked. */
export const SECRET_COLLECTION_HOURS = 24;

/**
 * A token that can move money or change the platform (TRANSACT, MANAGE) is a second admin's decision: one admin
 * alone could otherwise mint one and act at the API where the console's rules and audit do not reach.
 */
const PERMISSIONS_NEEDING_SECOND_ADMIN: readonly TokenPermission[] = ["TRANSACT", "MANAGE"];

export function tokenNeedsSecondAdmin(permissions: readonly string[]): boolean {
  return permissions.some((permission) =>
    (PERMISSIONS_NEEDING_SECOND_ADMIN as readonly string[]).includes(permission),
  );
}

export function isTokenExpiryDays(value: unknown): value is TokenExpiryDays {
  return typeof value === "number" && (TOKEN_EXPIRY_DAYS as readonly number[]).includes(value);
}

export function expiryFrom(days: TokenExpiryDays, now: Date = new Date()): Date {
  return new Date(now.getTime() + days * 24 * 3600 * 1000);
}

/** The header a browser sends with POST /tokens through the relay to choose a VIEW token's lifetime. */
export const TOKEN_EXPIRY_HEADER = "x-console-token-expiry-days";

/** A token proposal's body and shown diff (config_proposals kind `token`). */
export interface TokenProposalBody {
  name: string;
  permissions: TokenPermission[];
  expiresInDays: TokenExpiryDays;
  [key: string]: unknown;
}

/** One token as the console's token page lists it: the API's token and what the console knows of it. */
export interface ConsoleToken {
  id: string;
  name: string;
  clientId: string;
  permissions: string[];
  createdAt: string;
  /** Null: the API lists the token but the console has no record of making it ("created at the API"). */
  record: {
    /** Emails; the names beside them where the console knows the person (named as it names people). */
    createdBy: string;
    createdByName: string | null;
    approvedBy: string | null;
    approvedByName: string | null;
    proposalId: string | null;
    expiresAt: string;
  } | null;
}

/** A token approved for this person whose secret waits for them to collect it, until `collectBy`. */
export interface WaitingSecret {
  tokenId: string;
  name: string;
  approvedBy: string | null;
  approvedByName: string | null;
  collectBy: string;
}
