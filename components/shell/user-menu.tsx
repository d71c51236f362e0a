"use client";

import { ChevronDown, KeyRound, LogOut } from "lucide-react";
import * as React from "react";
import { useFormStatus } from "react-dom";
import { ChangePasswordDialog } from "@/components/account/change-password-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/lazy-dropdown-menu";
import { Spinner } from "@/components/ui/spinner";
import { useTimeZonePreference } from "@/lib/client/time/use-time-zone-preference";
import type { Role } from "@/lib/universal/auth/permissions";
import { ROLE_LABELS } from "@/lib/universal/auth/role-labels";
import { localTimeZoneName } from "@/lib/universal/time/timestamp-format";

export type ShellUser = { name: string; email: string; role: Role };

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "?";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}

/** The person's choice of clock for every time the console shows, kept in this browser. */
function TimeZoneItems() {
  const [zone, setZone] = useTimeZonePreference();
  return (
    <>
      <DropdownMenuLabel
        id="time-zone-label"
        className="text-xs font-medium text-zinc-500 dark:text-zinc-400"
      >
        Show times in
      </DropdownMenuLabel>
      <DropdownMenuRadioGroup
        aria-labelledby="time-zone-label"
        value={zone}
        onValueChange={(value) => setZone(value === "local" ? "local" : "utc")}
      >
        <DropdownMenuRadioItem value="utc" onSelect={(event) => event.preventDefault()}>
          UTC
        </DropdownMenuRadioItem>
        <DropdownMenuRadioItem value="local" onSelect={(event) => event.preventDefault()}>
          My time zone ({localTimeZoneName()})
        </DropdownMenuRadioItem>
      </DropdownMenuRadioGroup>
    </>
  );
}

function SignOutItem() {
  const { pending } = useFormStatus();
  return (
    <DropdownMenuItem
      asChild
      // Keeps the menu, and so the form, mounted while the sign-out request runs.
      onSelect={(event) => event.preventDefault()}
      disabled={pending}
    >
      <button type="submit" className="w-full" aria-busy={pending || undefined}>
        {pending ? <Spinner /> : <LogOut aria-hidden="true" />}
        {pending ? "Signing out…" : "Sign out"}
      </button>
    </DropdownMenuItem>
  );
}

export default function UserMenu({
  user,
  signOutAction,
}: {
  user: ShellUser;
  signOutAction: () => Promise<void>;
}) {
  const [changingPassword, setChangingPassword] = React.useState(false);
  const trigger = React.useRef<HTMLButtonElement>(null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={trigger} variant="ghost" className="gap-2 px-2">
            <span
              aria-hidden="true"
              className="flex size-7 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700 dark:bg-brand-700/30 dark:text-brand-100"
            >
              {initials(user.name)}
            </span>
            <span className="max-md:sr-only max-w-40 truncate">{user.name}</span>
            <ChevronDown aria-hidden="true" className="size-4 text-zinc-500 dark:text-zinc-400" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel className="flex flex-col gap-1 font-normal">
            <span className="truncate font-medium text-zinc-900 dark:text-zinc-100">{user.name}</span>
            <span className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email}</span>
            <span className="mt-1 flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
              Role <Badge variant="default">{ROLE_LABELS[user.role]}</Badge>
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <TimeZoneItems />
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setChangingPassword(true)} {...ChangePasswordDialog.preloadOn()}>
            <KeyRound aria-hidden="true" />
            Change password
          </DropdownMenuItem>
          <form action={signOutAction}>
            <SignOutItem />
          </form>
        </DropdownMenuContent>
      </DropdownMenu>
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} trigger={trigger} />
    </>
  );
}
