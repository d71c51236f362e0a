"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { createToken, proposeToken } from "@/lib/client/api/tokens";
import { landServerErrors } from "@/lib/client/forms/server-errors";
import { queryKeys } from "@/lib/universal/api/keys";
import {
  DEFAULT_TOKEN_EXPIRY_DAYS,
  TOKEN_EXPIRY_DAYS,
  TOKEN_NAME_MAX_LENGTH,
  type TokenExpiryDays,
  tokenNameTooLong,
  tokenNeedsSecondAdmin,
} from "@/lib/universal/tokens/token-rules";
import type { ApiToken, TokenPermission } from "@/shared/contract";
import { TOKEN_PERMISSION_TEXT } from "./token-permissions";

type Values = { name: string; permissions: TokenPermission[]; expiresInDays: string };

/**
 * Creates an API token; its secret is handed to `onCreated` to show once. A token with Transact or Manage is only
 * proposed: another admin's approval creates it (issue 46 item 3), and its secret then waits for this admin.
 */
export function CreateTokenCard({ onCreated }: { onCreated: (token: ApiToken) => void }) {
  const permission = usePermission("config.write");
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const form = useForm<Values>({
    defaultValues: { name: "", permissions: ["VIEW"], expiresInDays: String(DEFAULT_TOKEN_EXPIRY_DAYS) },
  });
  const needsSecondAdmin = tokenNeedsSecondAdmin(form.watch("permissions"));
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    const name = values.name.trim();
    if (name === "") return form.setError("name", { message: "Name the token after what will use it" });
    if (name.length > TOKEN_NAME_MAX_LENGTH) {
      return form.setError("name", { message: tokenNameTooLong(name.length) });
    }
    if (values.permissions.length === 0) {
      return form.setError("permissions", { message: "Give the token at least one permission" });
    }
    setPending(true);
    try {
      const expiresInDays = Number(values.expiresInDays) as TokenExpiryDays;
      if (tokenNeedsSecondAdmin(values.permissions)) {
        await proposeToken({ name, permissions: values.permissions, expiresInDays });
        void queryClient.invalidateQueries({ queryKey: queryKeys.tokens });
        form.reset();
        toast.success(`${name} is proposed`, {
          description: "Another admin must approve it; then collect its secret here.",
        });
        return;
      }
      const token = await createToken({ name, permissions: values.permissions }, expiresInDays);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tokens });
      form.reset();
      onCreated(token);
    } catch (error) {
      landServerErrors(
        form.setError,
        error,
        (path) => (path === "name" || path === "permissions" || path === "expiresInDays" ? path : undefined),
        "The token could not be created. Try again.",
      );
    } finally {
      setPending(false);
    }
  });

  return (
    <Card aria-labelledby="create-token-heading">
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle id="create-token-heading">Create a token</CardTitle>
          <CardDescription>
            A token lets a program call the payment API as this platform. Give it only what it needs.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-label="Create a token" className="flex flex-col gap-4">
          <FormField
            label="Name"
            required
            error={errors.name}
            description={`What will use it, e.g. Reporting job. At most ${TOKEN_NAME_MAX_LENGTH} characters.`}
          >
            {/* No maxLength: a pasted name would be cut without a word; the limit is said instead. */}
            <Input autoComplete="off" readOnly={!permission.allowed} {...form.register("name")} />
          </FormField>
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.permissions ? "token-permissions-error" : undefined}
          >
            <legend className="mb-1 text-sm font-medium">Permissions</legend>
            <Controller
              control={form.control}
              name="permissions"
              render={({ field }) => (
                <div className="flex flex-col gap-2">
                  {(Object.keys(TOKEN_PERMISSION_TEXT) as TokenPermission[]).map((value) => (
                    <div key={value} className="flex items-start gap-2">
                      <Checkbox
                        id={`token-permission-${value}`}
                        checked={field.value.includes(value)}
                        disabled={!permission.allowed}
                        aria-describedby={`token-permission-${value}-hint`}
                        onCheckedChange={(checked) =>
                          field.onChange(
                            checked === true
                              ? [...field.value, value]
                              : field.value.filter((existing) => existing !== value),
                          )
                        }
                        className="mt-0.5"
                      />
                      <div className="flex flex-col">
                        <Label htmlFor={`token-permission-${value}`} className="text-sm">
                          {TOKEN_PERMISSION_TEXT[value].label}
                        </Label>
                        <span
                          id={`token-permission-${value}-hint`}
                          className="text-xs text-zinc-600 dark:text-zinc-400"
                        >
                          {TOKEN_PERMISSION_TEXT[value].hint}
                        </span>
                      </div>
                    </div>
                  ))}
                </div>
              )}
            />
            {errors.permissions?.message ? (
              <p id="token-permissions-error" className="text-xs font-medium text-red-700 dark:text-red-400">
                {errors.permissions.message}
              </p>
            ) : null}
          </fieldset>
          <FormField
            label="Expires after"
            description="The console revokes the token at the API when it expires."
          >
            <NativeSelect disabled={!permission.allowed} {...form.register("expiresInDays")}>
              {TOKEN_EXPIRY_DAYS.map((days) => (
                <option key={days} value={String(days)}>
                  {days} days
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {needsSecondAdmin ? (
            <p className="text-sm text-violet-900 dark:text-violet-200">
              Transact and Manage need a second admin: the token is created when another admin approves it.
              Its secret then waits for you alone, encrypted, for 24 hours: collect it once on this page (it
              is then deleted); a token whose secret is not collected in time is revoked. The approver never
              sees it.
            </p>
          ) : null}
          {errors.root?.server?.message ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errors.root.server.message}
            </p>
          ) : null}
          <div>
            {/* Busy, not disabled: a disabled button dropped the keyboard's focus to the page's body. */}
            <PermittedButton
              decision={permission}
              type="submit"
              loading={pending}
              loadingText={needsSecondAdmin ? "Proposing…" : "Creating…"}
            >
              {needsSecondAdmin ? "Propose token" : "Create token"}
            </PermittedButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
