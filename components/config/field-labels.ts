import { RECEIVER_FIELD_PRESENTATION } from "@/lib/universal/approvals/receiver-info";
import type { UserInfoFieldName } from "@/shared/contract";

/** A user information field as people read it: "Full legal name" for FULL_NAME. */
export function fieldLabel(name: UserInfoFieldName | string): string {
  return RECEIVER_FIELD_PRESENTATION[name as UserInfoFieldName]?.label ?? name;
}
