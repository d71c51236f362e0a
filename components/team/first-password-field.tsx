"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/**
 * A first password, shown once after adding a member or resetting one: read-only, selected on focus for copying,
 * with a copy button. It takes the focus as it appears, since the form or button that produced it is gone.
 */
export function FirstPasswordField({ id, password }: { id: string; password: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>First password</Label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          readOnly
          autoFocus
          value={password}
          className="font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={password} label="password" />
      </div>
    </div>
  );
}
