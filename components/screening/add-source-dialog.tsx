"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Link2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { PermittedButton } from "@/components/auth/permitted-button";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { proposeScreeningSource } from "@/lib/client/api/screening";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { landServerErrors } from "@/lib/client/forms/server-errors";
import { queryKeys } from "@/lib/universal/api/keys";
import type { Decision } from "@/lib/universal/auth/permissions";
import { listName } from "@/lib/universal/screening/records";
import type { ScreeningSourceFormValues as FormValues, SourceList } from "@/lib/universal/screening/sources";

const LISTS: readonly SourceList[] = ["un", "ofac-advanced", "eu-fsf"];
const FIELDS = ["listId", "location", "intervalHours"] as const;
const formPath = (apiPath: string) => ((FIELDS as readonly string[]).includes(apiPath) ? apiPath : undefined);

/**
 * "Add source…" for admins (issue 48): a list fetched from a file path in the console's sources folder (`folder`, as
 * the server says it; null when it reads no paths) or an http(s) URL every N hours. It replaces the list at each
 * fetch, so adding it proposes it: a second admin approves.
 */
export function AddSourceDialog({ decision, folder }: { decision: Decision; folder: string | null }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const resolver = useLazyZodResolver<FormValues, FormValues>(
    () => import("@/lib/universal/screening/sources").then((module) => module.screeningSourceFormSchema),
    [],
  );
  const form = useForm<FormValues>({
    resolver,
    defaultValues: { listId: "un", location: "", intervalHours: 24 },
  });
  const { errors } = form.formState;
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await proposeScreeningSource(values);
      toast.success(`The ${listName(values.listId)}'s source waits for a second admin`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.screening });
      change(false);
    } catch (error) {
      landServerErrors(form.setError, error, formPath, "The source could not be proposed. Try again.");
    }
  });
  return (
    <>
      <PermittedButton decision={decision} variant="outline" size="sm" onClick={() => change(true)}>
        <Link2 aria-hidden="true" className="size-4" />
        Add source…
      </PermittedButton>
      <FormDialog
        open={open}
        onOpenChange={change}
        title="Add a list source"
        description="The console fetches the list from here on its schedule and loads it as an upload: a file that does not read whole replaces nothing. A source replaces the list at every fetch, so another admin approves it first."
        onSubmit={submit}
        onFocus={resolver.preload}
        rootError={errors.root?.server?.message}
        submit={{ label: "Propose source", loading: form.formState.isSubmitting, loadingText: "Proposing…" }}
      >
        <FormField label="List" error={errors.listId}>
          <NativeSelect {...form.register("listId")}>
            {LISTS.map((id) => (
              <option key={id} value={id}>
                {listName(id)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label="File path or URL"
          required
          description={`${folder ? `The path of a file in ${folder} on the console's host` : "This console reads no file paths: give"} or an http(s) URL (a user name and password in it are sent, never shown). At most 300 MB, fetched within 60 seconds.`}
          error={errors.location}
        >
          <Input autoComplete="off" spellCheck={false} {...form.register("location")} />
        </FormField>
        <FormField label="Refresh every (hours)" required error={errors.intervalHours}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={720}
            {...form.register("intervalHours", { valueAsNumber: true })}
          />
        </FormField>
      </FormDialog>
    </>
  );
}
