"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { fieldErrors } from "@/lib/universal/api/error-details";
import { VIEW_NAME_MAX } from "@/lib/universal/views/saved-view";
import { ApiError } from "@/shared/api-error";

/**
 * Asks for a view's name, to save the list as a new view or to rename one. `onSubmit` rejecting keeps the dialog
 * open with the reason under the field (a name already taken) or above the buttons.
 */
export function ViewNameDialog({
  open,
  onOpenChange,
  title,
  description,
  initialName = "",
  submitLabel,
  pendingLabel,
  onSubmit,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  initialName?: string;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (name: string) => Promise<void>;
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const [name, setName] = React.useState(initialName);
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);

  React.useEffect(() => {
    if (open) {
      setName(initialName);
      setError(null);
    }
  }, [open, initialName]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === "") {
      setError("Give the view a name.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSubmit(trimmed);
      onOpenChange(false);
    } catch (caught) {
      const field = caught instanceof ApiError ? fieldErrors(caught).name : undefined;
      setError(
        field ? `${field}.` : caught instanceof Error ? caught.message : "The view could not be saved.",
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} returnFocusTo={returnFocusTo}>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField label="View name" required error={error ?? undefined}>
            <Input
              value={name}
              maxLength={VIEW_NAME_MAX}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={pending} loadingText={pendingLabel}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
