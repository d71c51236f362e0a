"use client";

import * as React from "react";
import { useViewer } from "@/components/auth/permissions-context";
import { type Role, roles } from "@/lib/universal/auth/permissions";
import { roleSummary } from "@/lib/universal/auth/role-abilities";
import { ROLE_LABELS } from "@/lib/universal/auth/role-labels";
import { cn } from "@/lib/universal/utils";

export type RoleChoiceProps = {
  value: Role;
  onChange: (role: Role) => void;
  /** The member's role now, marked "current" (changing a role); none when adding someone. */
  current?: Role;
  disabled?: boolean;
};

/**
 * The four roles as radio buttons, each with what it may do in this environment (lib/auth/role-abilities).
 * Arrow keys only move the choice: nothing is saved until the form around it is submitted.
 */
export function RoleChoice({ value, onChange, current, disabled = false }: RoleChoiceProps) {
  const { environment } = useViewer();
  const id = React.useId();
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium">Role</legend>
      {roles.map((role) => (
        <label
          key={role}
          className={cn(
            "flex cursor-pointer items-start gap-3 rounded-md border border-zinc-200 px-3 py-2.5 transition-colors dark:border-zinc-800",
            "hover:bg-zinc-50 dark:hover:bg-zinc-800/50",
            "has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 dark:has-[:checked]:border-brand-500 dark:has-[:checked]:bg-zinc-800",
            "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
            "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
          )}
        >
          <input
            type="radio"
            name={`${id}-role`}
            value={role}
            checked={value === role}
            onChange={() => onChange(role)}
            aria-labelledby={`${id}-${role}-name`}
            aria-describedby={current === role ? `${id}-${role}-current ${id}-${role}` : `${id}-${role}`}
            className="mt-0.5 size-4 shrink-0 accent-brand-600 focus-visible:outline-none"
          />
          <span className="flex flex-col gap-0.5">
            <span className="text-sm font-medium">
              <span id={`${id}-${role}-name`}>{ROLE_LABELS[role]}</span>
              {current === role ? (
                <span
                  id={`${id}-${role}-current`}
                  className="ml-2 text-xs font-normal text-zinc-500 dark:text-zinc-400"
                >
                  current
                </span>
              ) : null}
            </span>
            <span id={`${id}-${role}`} className="text-xs text-zinc-600 dark:text-zinc-400">
              {roleSummary(role, environment)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
