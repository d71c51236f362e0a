"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useViewer } from "@/components/auth/permissions-context";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, type ReturnFocusTo } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { QueryState } from "@/components/ui/query-state";
import { approvePayment, isFirstApproval, type PendingApproval } from "@/lib/client/api/approvals";
import { customerDetailQuery } from "@/lib/client/api/customers";
import { useLazyZodResolver } from "@/lib/client/forms/lazy-zod-resolver";
import { fieldErrors } from "@/lib/universal/api/error-details";
import { queryKeys } from "@/lib/universal/api/keys";
import type { Departure } from "@/lib/universal/approvals/departure";
import {
  approvalFormFields,
  prefillReceiverInfo,
  RECEIVER_FIELD_PRESENTATION,
  toReceiverCustomerInfo,
} from "@/lib/universal/approvals/receiver-info";
import { ApiError } from "@/shared/api-error";
import { DecidedElsewhere } from "./decided-elsewhere";
import { type DecisionError, DecisionErrorText, decisionError } from "./decision-error";
import type { DecisionOutcome } from "./decision-outcome";
import { DecisionSubject } from "./decision-subject";

interface Props {
  approval: PendingApproval;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told once the API took the approval; the caller says so where the officer is looking. */
  onDecided: (outcome: DecisionOutcome) => void;
  /** Where focus goes when it closes, when it was not opened by a Radix trigger (a key, a button of the queue's). */
  returnFocusTo?: ReturnFocusTo;
  /**
   * The payment left the queue while the dialog was open (decided elsewhere, timed out): the dialog stays, says so,
   * and sends nothing (Approve payment disabled, Cancel reads Close).
   */
  gone?: Departure | undefined;
}

/**
 * Approving sends what the sender's side asked about our recipient: a form generated from the requested fields,
 * mandatory ones required, prefilled from the customer record where it holds them.
 */
export function ApproveDialog({ approval, open, onOpenChange, onDecided, returnFocusTo, gone }: Props) {
  const queryClient = useQueryClient();
  const fields = useMemo(() => approvalFormFields(approval.requestedReceiverCustomerInfoFields), [approval]);
  const resolver = useLazyZodResolver<Record<string, string>, Record<string, string | undefined>>(
    () =>
      import("@/lib/universal/approvals/receiver-info-schema").then(
        // Built per field from the contract, its input type is wider than the form's string fields.
        (module) => module.receiverInfoFormSchema(fields) as never,
      ),
    [fields],
  );
  const customer = useQuery({
    ...customerDetailQuery(approval.transaction.customerId),
    enabled: open && fields.length > 0,
  });
  const form = useForm<Record<string, string>, unknown, Record<string, string | undefined>>({
    resolver,
    defaultValues: prefillReceiverInfo(fields, undefined),
  });
  const [submitError, setSubmitError] = useState<DecisionError | null>(null);
  // The two-person rule as the page knows it: no first approval yet (this one is sent as the first, and refused if
  // someone gave the first meanwhile), someone else's (this one sends the money), or the reader's own, given in
  // another tab or window (a second officer must approve: nothing to send from here).
  const viewer = useViewer();
  const two = approval.twoApprovers;
  const ownFirst =
    two.required && two.firstBy !== null && two.firstBy.email.toLowerCase() === viewer.email.toLowerCase();

  // The prefill never lands over what the officer typed or sent: a reset during a submission would drop it.
  // Read while rendering, so the form state subscribes to them.
  const { isDirty, isSubmitting, isSubmitted } = form.formState;
  useEffect(() => {
    if (customer.data && !isDirty && !isSubmitting && !isSubmitted) {
      form.reset(prefillReceiverInfo(fields, customer.data));
    }
  }, [customer.data, fields, form, isDirty, isSubmitting, isSubmitted]);
  // Until the customer record answers (or fails), Approve waits for it: a press then would send empty fields.
  const prefilling = open && fields.length > 0 && customer.isPending;
  // While the officer's own approval is on its way, the payment leaving the queue is that approval, not news.
  const ended = submitError?.ended === true;
  const left = isSubmitting || ended ? undefined : gone;
  // Sent, and refused for good (the customer deleted): nothing more to send from here.
  const closed = ended || submitError?.final === true;

  const submit = form.handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      const answer = await approvePayment(
        approval.transaction.id,
        toReceiverCustomerInfo(values),
        two.required && !two.firstBy ? "first" : undefined,
      );
      if (isFirstApproval(answer)) {
        // The payment stays pending: it waits for a second officer (the two-person rule).
        void queryClient.invalidateQueries({ queryKey: queryKeys.approvals });
        onDecided("first-approval");
      } else {
        onDecided("approved");
      }
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(fieldErrors(error))) {
          const field = path.replace(/^receiverCustomerInfo\./, "");
          if (fields.some((candidate) => candidate.name === field)) form.setError(field, { message });
        }
        if (error.status === 409) void queryClient.invalidateQueries({ queryKey: queryKeys.approvals });
        // Deleted since the page read their name: the card and the payment's page mark them so once this answers.
        if (error.code === "CUSTOMER_DELETED")
          void queryClient.invalidateQueries({ queryKey: queryKeys.customers });
      }
      setSubmitError(decisionError(error, "The approval could not be sent. Try again."));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        returnFocusTo={returnFocusTo}
        title="Approve payment"
        description={
          <>
            {fields.length > 0
              ? "The sender's institution asks for this information about the recipient before it releases the funds."
              : "The sender's institution asked for no information about the recipient."}
            {two.required && !two.firstBy
              ? " This payment needs two approvers: yours is recorded as the first, and a second officer's sends it."
              : ownFirst
                ? " You gave this payment its first approval (in another tab or window): another officer must approve it."
                : two.required && two.firstBy
                  ? ` ${two.firstBy.name ?? two.firstBy.email} approved it first: yours is the second approval, and it sends the money.`
                  : null}
          </>
        }
      >
        <form
          onSubmit={(event) => {
            if (left || closed || ownFirst) {
              // Enter in a field sends nothing for a payment no longer waiting.
              event.preventDefault();
              return;
            }
            void submit(event);
          }}
          className="flex flex-col gap-4"
          noValidate
        >
          <DecisionSubject approval={approval} />
          {left ? <DecidedElsewhere departure={left} /> : null}
          {fields.map((field) => {
            const presentation = RECEIVER_FIELD_PRESENTATION[field.name];
            return (
              <FormField
                key={field.name}
                label={presentation.label}
                description={presentation.description}
                required={field.mandatory}
                error={form.formState.errors[field.name]}
              >
                <Input
                  type={presentation.type}
                  autoComplete={presentation.autoComplete}
                  {...form.register(field.name)}
                />
              </FormField>
            );
          })}
          {/* The prefill: the fields are there at once, filled when the customer record arrives. */}
          <QueryState
            query={customer}
            loading={null}
            error={() => (
              <p className="text-sm text-amber-800 dark:text-amber-300">
                The customer record could not be loaded; fill the fields by hand.
              </p>
            )}
          >
            {() => null}
          </QueryState>
          {left ? null : <DecisionErrorText error={submitError} />}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {left || closed ? "Close" : "Cancel"}
            </Button>
            <Button
              type="submit"
              disabled={Boolean(left) || closed || ownFirst}
              loading={prefilling || isSubmitting}
              loadingText={prefilling ? "Filling in…" : "Approving…"}
            >
              Approve payment
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
