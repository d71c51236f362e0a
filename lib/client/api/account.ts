import { consoleFetch } from "./client";

/** POST /api/account/password: every session of the person ends, this one included. */
export function changeOwnPassword(input: { currentPassword: string; newPassword: string }) {
  return consoleFetch<{ signedOut: true }>("/api/account/password", { method: "POST", body: input });
}
