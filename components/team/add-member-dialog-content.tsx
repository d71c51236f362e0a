"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { LazyDialogControl } from "@/components/ui/lazy-dialog-trigger";
import { addTeamMember } from "@/lib/client/api/team";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { landServerErrors } from "@/lib/client/forms/server-errors";
import { queryKeys } from "@/lib/universal/api/keys";
import { isPrivilegedRole } from "@/lib/universal/team/privileges";
import type { AddMemberFormValues as FormValues } from "./add-member-schema";
import { FirstPasswordField } from "./first-password-field";
import { RoleChoice } from "./role-choice";

const FIELDS = ["email", "name", "role"] as const;
/** The API names the form's fields as the form does; anything else goes in the form's own error. */
const formPath = (apiPath: string) => ((FIELDS as readonly string[]).includes(apiPath) ? apiPath : undefined);

/** The dialog of AddMemberDialog (./add-member-dialog), downloaded when it is first opened. */
export function AddMemberDialogContent({
  open,
  onOpenChange: setOpen,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The "Add member" button, which gets focus back when the dialog closes. */
  returnFocusTo: LazyDialogControl["returnFocusTo"];
}) {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<{ email: string; password?: string; proposed?: boolean } | null>(
    null,
  );
  const resolver = useLazyZodResolver<FormValues, FormValues>(
    () => import("./add-member-schema").then((module) => module.addMemberFormSchema),
    [],
  );
  const form = useForm<FormValues>({
    resolver,
    defaultValues: { email: "", name: "", role: "viewer" },
  });

  const privileged = isPrivilegedRole(form.watch("role"));
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await addTeamMember(values);
      setCreated(
        "proposal" in result
          ? { email: values.email, proposed: true }
          : { email: result.user.email, password: result.initialPassword },
      );
      form.reset();
      void queryClient.invalidateQueries({ queryKey: queryKeys.team });
    } catch (error) {
      landServerErrors(form.setError, error, formPath, "The person could not be added. Try again.");
    }
  });

  const done = created?.proposed ? (
    <div className="flex flex-col gap-3 text-sm">
      <p role="status">
        Proposed: adding <strong>{created.email}</strong> waits for a second admin.
      </p>
      <p className="text-zinc-600 dark:text-zinc-400">
        When another admin approves it, the account is created and its first password is shown once to that
        admin, who hands it over. You never see it.
      </p>
      <DialogFooter>
        <Button onClick={() => setOpen(false)}>Done</Button>
      </DialogFooter>
    </div>
  ) : created ? (
    <div className="flex flex-col gap-3 text-sm">
      <p>
        <strong>{created.email}</strong> can now sign in.
      </p>
      {created.password ? <FirstPasswordField id="first-password" password={created.password} /> : null}
      <p className="text-zinc-600 dark:text-zinc-400">
        This password is shown only now. Hand it over privately.
      </p>
      <DialogFooter>
        <Button onClick={() => setOpen(false)}>Done</Button>
      </DialogFooter>
    </div>
  ) : undefined;

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setCreated(null);
      }}
      returnFocusTo={returnFocusTo}
      title="Add a team member"
      description="They sign in with their email and the first password shown after you add them (for an admin or compliance officer, to the second admin who approves)."
      onSubmit={submit}
      onFocus={resolver.preload}
      rootError={form.formState.errors.root?.server?.message}
      submit={{
        label: privileged ? "Propose member" : "Add member",
        loading: form.formState.isSubmitting,
        loadingText: privileged ? "Proposing…" : "Adding…",
        describedBy: privileged ? "add-member-second-admin" : undefined,
      }}
      done={done}
    >
      <FormField label="Email" required error={form.formState.errors.email}>
        <Input type="email" autoComplete="off" {...form.register("email")} />
      </FormField>
      <FormField label="Name" required error={form.formState.errors.name}>
        <Input autoComplete="off" {...form.register("name")} />
      </FormField>
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => <RoleChoice value={field.value} onChange={field.onChange} />}
      />
      {privileged ? (
        <p id="add-member-second-admin" className="text-sm font-medium text-violet-800 dark:text-violet-300">
          An admin or compliance account needs a second admin: adding it proposes it, another admin approves,
          and the first password is shown to that admin, not to you.
        </p>
      ) : null}
    </FormDialog>
  );
}
