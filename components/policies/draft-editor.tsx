"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useFieldArray, useForm } from "react-hook-form";
import { PermittedButton } from "@/components/auth/permitted-button";
import { Button } from "@/components/ui/button";
import { FormField, FormRootError } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { savePolicyDraft } from "@/lib/client/api/policies";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { landServerErrors } from "@/lib/client/forms/server-errors";
import { queryKeys } from "@/lib/universal/api/keys";
import { blankRule, documentToValues, type EditorValues } from "@/lib/universal/policies/editor-values";
import type { PolicyDocument } from "@/lib/universal/policies/rules";
import type { PolicyVersionView } from "@/lib/universal/policies/version-types";
import { usePolicyWrite } from "./policy-permission";
import { RuleFields } from "./rule-fields";

/** A draft's rules and allow-list, edited in place; Save draft checks them with the server's schema and stores them. */
export function DraftEditor({
  version,
  onDirtyChange,
}: {
  version: PolicyVersionView;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const write = usePolicyWrite();
  const queryClient = useQueryClient();
  const resolver = useLazyZodResolver<EditorValues, PolicyDocument>(
    () => import("@/lib/universal/policies/editor-schema").then((module) => module.editorSchema),
    [],
  );
  const form = useForm<EditorValues, unknown, PolicyDocument>({
    defaultValues: documentToValues(version.document),
    resolver,
  });
  const rules = useFieldArray({ control: form.control, name: "rules" });
  const save = useMutation({
    mutationFn: (document: PolicyDocument) => savePolicyDraft(version.id, document),
    onSuccess: ({ version: saved }) => {
      toast.success(`Draft v${saved.version} saved`);
      form.reset(documentToValues(saved.document));
      onDirtyChange(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.policies });
    },
    onError: (error) =>
      landServerErrors(form.setError, error, () => undefined, "The draft could not be saved. Try again."),
  });
  const submit = form.handleSubmit((document) => save.mutate(document));
  const { errors } = form.formState;

  return (
    <form
      onSubmit={submit}
      onChange={() => onDirtyChange(true)}
      noValidate
      aria-label={`Edit draft v${version.version}`}
      className="flex flex-col gap-4"
    >
      {rules.fields.map((field, index) => (
        <RuleFields
          key={field.id}
          control={form.control}
          register={form.register}
          setValue={form.setValue}
          errors={errors}
          index={index}
          count={rules.fields.length}
          onMove={(to) => {
            rules.move(index, to);
            onDirtyChange(true);
          }}
          onRemove={() => {
            rules.remove(index);
            onDirtyChange(true);
          }}
        />
      ))}
      {rules.fields.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          No rules yet: every payment would be held for people.
        </p>
      ) : null}
      <div>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            rules.append(blankRule(rules.fields.length + 1));
            onDirtyChange(true);
          }}
        >
          <Plus aria-hidden="true" />
          Add a rule
        </Button>
      </div>
      <FormField
        label="Allow-listed sender domains"
        description="One per line or separated by commas; the “sender on the allow-list” condition reads this list."
        error={errors.domains}
      >
        <Textarea rows={3} autoComplete="off" {...form.register("domains")} />
      </FormField>
      <FormRootError message={errors.root?.server?.message ?? errors.root?.message} />
      <div className="flex flex-wrap gap-2">
        <PermittedButton decision={write} type="submit" loading={save.isPending} loadingText="Saving…">
          Save draft
        </PermittedButton>
      </div>
    </form>
  );
}
