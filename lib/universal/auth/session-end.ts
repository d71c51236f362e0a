import type { Role } from "./permissions";

/** Why the session a browser still holds no longer signs it in, as far as the console can tell. */
export type SessionEnd =
  | { why: "removed" }
  | { why: "disabled" }
  | { why: "role-changed"; from: Role; to: Role; passwordReplaced: boolean; ssoUnlinked: boolean }
  | { why: "password-reset" }
  | { why: "password-changed" }
  | { why: "signed-out" }
  | { why: "sso-unlinked" }
  | { why: "account-changed" }
  | { why: "ended" }
  | { why: "max-hours"; hours: number };
