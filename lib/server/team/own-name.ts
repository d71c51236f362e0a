import "server-only";
import { ApiError } from "../../../shared/api-error";
import { nameAsRead } from "../../universal/team/person-name";
import { getConsoleDatabase } from "../db";
import { users } from "../db/schema";

/**
 * The member whose name reads as `name` (case, accents and spaces aside; disabled members too, since the audit log
 * and the payments' timelines still name them), other than `except`, the member being renamed.
 */
export async function memberNamed(
  name: string,
  except?: string,
): Promise<{ name: string; email: string } | undefined> {
  const wanted = nameAsRead(name);
  const members = await getConsoleDatabase()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users);
  return members.find((member) => member.id !== except && nameAsRead(member.name) === wanted);
}

/**
 * One name, one member: a name that reads as another member's is refused, 409 NAME_TAKEN. Otherwise "approved by
 * Ada Admin" could be either of two people, and an admin could add a second "Ada Admin" to pass for the first.
 */
export async function requireOwnName(name: string, except?: string): Promise<void> {
  const same = await memberNamed(name, except);
  if (same) {
    throw new ApiError(
      409,
      "NAME_TAKEN",
      `${same.name} (${same.email}) is already a member by that name: add what tells the two apart, such as a middle initial.`,
      { fields: [{ path: "name", message: `Already the name of ${same.email}` }] },
    );
  }
}
