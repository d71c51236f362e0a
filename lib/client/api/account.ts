import { consoleCall } from "./client";

/** POST /api/account/password: every session of the person ends, this one included. */
export function changeOwnPassword(input: { currentPassword: string; newPassword: string }) {
  return consoleCall("POST /api/account/password", { body: input });
}
