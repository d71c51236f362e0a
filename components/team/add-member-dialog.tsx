"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogContent, DialogFooter, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { roles } from "@/lib/auth/permissions";
import { ApiRequestError } from "@/lib/payments/client";
import { queryKeys } from "@/lib/payments/keys";
import { addTeamMember } from "@/lib/payments/team";
import { ROLE_LABELS } from "./role-labels";

const formSchema = z.object({
  email: z.email("Enter a valid email address"),
  name: z.string().trim().min(1, "Enter a name").max(120),
  role: z.enum(roles),
});
type FormValues = z.infer<typeof formSchema>;

/** Adds a person; the generated first password is shown once, here, to hand over. */
export function AddMemberDialog() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<{ email: string; password?: string } | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: "", name: "", role: "viewer" },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await addTeamMember(values);
      setCreated({ email: result.user.email, password: result.initialPassword });
      form.reset();
      void queryClient.invalidateQueries({ queryKey: queryKeys.team });
    } catch (error) {
      if (error instanceof ApiRequestError) {
        const fields = error.fieldErrors();
        for (const [path, message] of Object.entries(fields))
          form.setError(path as keyof FormValues, { message });
        if (Object.keys(fields).length === 0) form.setError("root", { message: error.message });
      } else {
        form.setError("root", { message: "The person could not be added. Try again." });
      }
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setCreated(null);
      }}
    >
      <DialogTrigger asChild>
        <Button>Add member</Button>
      </DialogTrigger>
      <DialogContent
        title="Add a team member"
        description="They sign in with their email and the first password shown after you add them."
      >
        {created ? (
          <div className="flex flex-col gap-3 text-sm">
            <p>
              <strong>{created.email}</strong> can now sign in.
            </p>
            {created.password ? (
              <div className="flex items-center justify-between gap-3 rounded-md bg-zinc-100 px-3 py-2 dark:bg-zinc-800">
                <p>
                  <span className="sr-only">First password: </span>
                  <code>{created.password}</code>
                </p>
                <CopyButton value={created.password} label="password" />
              </div>
            ) : null}
            <p className="text-zinc-600 dark:text-zinc-400">
              This password is shown only now. Hand it over privately.
            </p>
            <DialogFooter>
              <Button onClick={() => setOpen(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <FormField label="Email" required error={form.formState.errors.email}>
              <Input type="email" autoComplete="off" {...form.register("email")} />
            </FormField>
            <FormField label="Name" required error={form.formState.errors.name}>
              <Input autoComplete="off" {...form.register("name")} />
            </FormField>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <FormField label="Role" required>
                  {(control) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger {...control}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {roles.map((role) => (
                          <SelectItem key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </FormField>
              )}
            />
            {form.formState.errors.root ? (
              <p role="status" className="text-sm text-red-700 dark:text-red-400">
                {form.formState.errors.root.message}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting} loadingText="Adding…">
                Add member
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
