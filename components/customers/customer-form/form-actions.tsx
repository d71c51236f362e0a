"use client";

import { useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import type { CustomerFormValues } from "../customer-form-values";

/** What the server refused, and the buttons to cancel or to create or save. */
export function FormActions({ mode, cancelHref }: { mode: "create" | "edit"; cancelHref: string }) {
  const { formState } = useFormContext<CustomerFormValues>();
  const errors = formState.errors;
  return (
    <>
      {errors.root?.server?.message ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {errors.root.server.message}
          {errors.root.server.type && errors.root.server.type !== "server" ? (
            <span className="mt-0.5 block font-mono text-xs opacity-80">{errors.root.server.type}</span>
          ) : null}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button asChild variant="outline">
          <Link href={cancelHref}>Cancel</Link>
        </Button>
        <Button
          type="submit"
          loading={formState.isSubmitting}
          loadingText={mode === "create" ? "Creating…" : "Saving…"}
        >
          {mode === "create" ? "Create customer" : "Save changes"}
        </Button>
      </div>
    </>
  );
}
