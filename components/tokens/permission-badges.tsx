import { Badge } from "@/components/ui/badge";
import { TOKEN_PERMISSION_TEXT } from "./token-permissions";

const permissionLabel = (permission: string) =>
  TOKEN_PERMISSION_TEXT[permission as keyof typeof TOKEN_PERMISSION_TEXT]?.label ?? permission;

/** A token's permissions, one badge each. */
export function PermissionBadges({ permissions }: { permissions: readonly string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {permissions.map((permission) => (
        <Badge key={permission} variant="neutral">
          {permissionLabel(permission)}
        </Badge>
      ))}
    </span>
  );
}
