"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { claimInvitation, recentInvitationsQuery } from "@/lib/client/api/invitations";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { fieldErrors } from "@/lib/universal/api/error-details";
import { queryKeys } from "@/lib/universal/api/keys";
import { ApiError } from "@/shared/api-error";
import type { ClaimInvitationBody, Invitation } from "@/shared/contract";

/** Claims a pending invitation for a UMA address, after a confirmation: a claim cannot be undone. */
export function ClaimInvitationForm({ invitation }: { invitation: Invitation }) {
  const permission = usePermission("money.move");
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<ClaimInvitationBody | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resolver = useLazyZodResolver<{ inviteeUma: string }, ClaimInvitationBody>(
    () => import("./invitation-schemas").then((module) => module.claimInvitationBodySchema),
    [],
  );
  const form = useForm<{ inviteeUma: string }, unknown, ClaimInvitationBody>({
    resolver,
    defaultValues: { inviteeUma: "" },
  });

  const claim = async (body: ClaimInvitationBody) => {
    setError(null);
    try {
      const claimed = await claimInvitation(invitation.code, body);
      queryClient.setQueryData(queryKeys.invitation(invitation.code), claimed);
      void queryClient.invalidateQueries({ queryKey: recentInvitationsQuery().queryKey });
      toast.success(`Invitation ${invitation.code} claimed`, {
        description: `For ${claimed.inviteeUma ?? body.inviteeUma}`,
      });
      form.reset();
    } catch (caught) {
      if (caught instanceof ApiError) {
        const fields = fieldErrors(caught);
        if (fields.inviteeUma) {
          form.setError("inviteeUma", { message: fields.inviteeUma });
          setConfirming(null);
          return;
        }
        setError(caught.message);
        if (caught.code === "INVITATION_ALREADY_CLAIMED" || caught.code === "INVITATION_CANCELLED") {
          void queryClient.invalidateQueries({ queryKey: queryKeys.invitation(invitation.code) });
        }
      } else {
        setError("The invitation could not be claimed. Try again.");
      }
      throw caught;
    }
  };

  return (
    <form
      noValidate
      onFocus={resolver.preload}
      aria-label="Claim this invitation"
      onSubmit={(event) => {
        if (!permission.allowed) {
          event.preventDefault();
          return;
        }
        void form.handleSubmit((body) => {
          setError(null);
          setConfirming(body);
        })(event);
      }}
      className="flex flex-col gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800"
    >
      <h3 className="text-sm font-semibold">Claim it</h3>
      <div className="flex flex-wrap items-start gap-3">
        <FormField
          label="Invitee's UMA address"
          required
          error={form.formState.errors.inviteeUma}
          description="Who accepts the invitation. The inviter's platform is told at once."
          className="min-w-64 flex-1"
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            placeholder="$friend@example.com"
            readOnly={!permission.allowed}
            {...form.register("inviteeUma")}
          />
        </FormField>
        <div className="pt-6">
          <PermittedButton decision={permission} type="submit">
            Claim invitation
          </PermittedButton>
        </div>
      </div>
      {!permission.allowed ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{permission.reason}</p>
      ) : null}
      {error && !confirming ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={`Claim invitation ${invitation.code}?`}
        description={`It is claimed for ${confirming?.inviteeUma ?? ""}. The inviter's platform is sent an INVITATION_CLAIMED event and may then send the amount attached. A claimed invitation cannot be claimed again.`}
        confirmLabel="Claim invitation"
        pendingLabel="Claiming…"
        onConfirm={() => (confirming ? claim(confirming) : undefined)}
      >
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </ConfirmDialog>
    </form>
  );
}
