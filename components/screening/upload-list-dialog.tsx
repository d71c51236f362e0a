"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useState } from "react";
import { PermittedButton } from "@/components/auth/permitted-button";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { uploadWatchlist } from "@/lib/client/api/screening";
import { queryKeys } from "@/lib/universal/api/keys";
import type { Decision } from "@/lib/universal/auth/permissions";
import { listName } from "@/lib/universal/screening/records";

type UploadableList = Parameters<typeof uploadWatchlist>[0];

const LISTS: readonly { id: UploadableList; format: string }[] = [
  { id: "un", format: "the UN Security Council's consolidated XML" },
  { id: "ofac-advanced", format: "OFAC's advanced XML" },
  { id: "eu-fsf", format: "the EU's Financial Sanctions Files XML (FSF 1.1)" },
];

/**
 * "Upload a list…" for admins: a new file of a list published as one file, read whole on the server before it
 * counts; a file that does not read as that list is refused with what was wrong. A new file of a list in use waits
 * for a second admin (components/screening/list-replacement-card.tsx).
 */
export function UploadListDialog({ decision }: { decision: Decision }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<UploadableList>("un");
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadWatchlist(list, chosen),
    onSuccess: (health) => {
      toast.success(
        health.replacements.some((proposal) => proposal.list.listId === list)
          ? `The new ${listName(list)} was read and waits for a second admin`
          : `The ${listName(list)} was uploaded and read`,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.screening });
      setOpen(false);
    },
    onError: (error) => setProblem(error.message),
  });
  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setFile(null);
      setProblem(undefined);
      upload.reset();
    }
  };
  const format = LISTS.find((one) => one.id === list)?.format ?? "";
  return (
    <>
      <PermittedButton decision={decision} variant="outline" size="sm" onClick={() => reset(true)}>
        <Upload aria-hidden="true" className="size-4" />
        Upload a list…
      </PermittedButton>
      <FormDialog
        open={open}
        onOpenChange={reset}
        title="Upload a list"
        description="A published list, read whole before it counts; stored senders and customers are then screened against what it adds or changes. A new file of a list in use waits for a second admin before it replaces it (it could remove entries)."
        onSubmit={(event) => {
          event.preventDefault();
          setProblem(undefined);
          if (!file) {
            setProblem("Choose the list's file.");
            return;
          }
          upload.mutate(file);
        }}
        rootError={problem}
        submit={{ label: "Upload and read it", loading: upload.isPending, loadingText: "Reading the list…" }}
      >
        <FormField label="List">
          <NativeSelect value={list} onChange={(event) => setList(event.target.value as UploadableList)}>
            {LISTS.map((one) => (
              <option key={one.id} value={one.id}>
                {listName(one.id)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="File" description={`As published: ${format}. At most 512 MB.`}>
          <Input
            type="file"
            accept=".xml,application/xml,text/xml"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </FormField>
      </FormDialog>
    </>
  );
}
