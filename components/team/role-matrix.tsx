import { Check, Minus } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type Environment, permissions, roles } from "@/lib/universal/auth/permissions";
import { ABILITIES, roleAbilities } from "@/lib/universal/auth/role-abilities";
import { ROLE_LABELS } from "@/lib/universal/auth/role-labels";

/**
 * What each role may do in this environment, read from the same table the server enforces
 * (lib/universal/auth/permissions.ts), so the page cannot promise what a route handler refuses.
 */
export function RoleMatrix({ environment }: { environment: Environment }) {
  const byRole = new Map(
    roles.map((role) => [
      role,
      new Map(roleAbilities(role, environment).map((ability) => [ability.permission, ability])),
    ]),
  );
  return (
    <Card className="mt-8">
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle id="role-matrix-title">What each role may do</CardTitle>
          <CardDescription>
            {environment === "sandbox"
              ? "In this sandbox. Abilities marked “sandbox only” are not granted in production."
              : "In production. Some of what developers and admins may do in the sandbox is not granted here."}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <Table aria-labelledby="role-matrix-title">
          <TableHeader>
            <TableRow>
              <TableHead>Ability</TableHead>
              {roles.map((role) => (
                <TableHead key={role} className="text-center">
                  {ROLE_LABELS[role]}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {permissions.map((permission) => (
              <TableRow key={permission}>
                <TableCell>{ABILITIES[permission]}</TableCell>
                {roles.map((role) => {
                  const ability = byRole.get(role)?.get(permission);
                  return (
                    <TableCell key={role} className="text-center">
                      {ability?.granted ? (
                        <span className="inline-flex flex-col items-center">
                          <Check
                            aria-hidden="true"
                            className="size-4 text-emerald-600 dark:text-emerald-400"
                          />
                          <span className="sr-only">Yes</span>
                          {ability.sandboxOnly ? (
                            <span className="text-[11px] text-zinc-500 dark:text-zinc-400">sandbox only</span>
                          ) : null}
                        </span>
                      ) : (
                        <>
                          <Minus
                            aria-hidden="true"
                            className="mx-auto size-4 text-zinc-300 dark:text-zinc-600"
                          />
                          <span className="sr-only">No</span>
                        </>
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
