"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileSpreadsheet, Upload, X } from "lucide-react";
import { parseAsString, useQueryState } from "nuqs";
import * as React from "react";
import { PermissionNotice } from "@/components/auth/permission-notice";
import { usePermission } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ProgressBar } from "@/components/ui/progress-bar";
import { toast } from "@/components/ui/toast";
import { configQuery } from "@/lib/client/api/config";
import { uploadBulkCustomerCsv } from "@/lib/client/api/customers";
import { queryKeys } from "@/lib/universal/api/keys";
import type { CsvPreview } from "@/lib/universal/bulk-import/preview";
import { bulkCustomerCsvTemplate } from "@/lib/universal/bulk-import/template";
import { cn } from "@/lib/universal/utils";
import { ApiError } from "@/shared/api-error";
import { BULK_CSV_MAX_BYTES } from "@/shared/contract/limits";
import { BulkJobStatus } from "./bulk-job-status";
import { CsvPreviewTable } from "./csv-preview-table";
import { downloadText, formatBytes } from "./download";
import { ImportWarnings } from "./import-warnings";
import { useFileIds } from "./use-file-ids";

/** Enough of the file for the preview's rows, however wide; the service reads the whole file itself. */
const PREVIEW_BYTES = 256 * 1024;

type Selected = { file: File; preview: CsvPreview };
type UploadState = { loaded: number; total: number; controller: AbortController };

/** The CSV preview checks rows with the contract's schemas (zod); it is downloaded when a file is chosen. */
const loadPreview = () => import("@/lib/universal/bulk-import/preview");

/** A failed-rows download chosen again, as the file to upload: without its error column and apostrophes. */
async function importableFile(file: File): Promise<File> {
  const { importableCsv } = await import("@/lib/universal/bulk-import/failed-rows-again");
  const text = importableCsv(await file.text());
  return text === null ? file : new File([text], file.name, { type: "text/csv" });
}

/**
 * The start of the file as text, or null when it is not UTF-8 (read as UTF-8 anyway, its accented letters would be
 * previewed, and imported, as "�"). Decoded as a stream: a character cut at the preview's end is not an error.
 */
async function previewText(file: File): Promise<string | null> {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(
      await file.slice(0, PREVIEW_BYTES).arrayBuffer(),
      {
        stream: true,
      },
    );
  } catch {
    return null;
  }
}

export function DownloadTemplateButton() {
  return (
    <Button
      variant="outline"
      onClick={() => downloadText("customers-template.csv", bulkCustomerCsvTemplate())}
    >
      <FileSpreadsheet aria-hidden="true" />
      Download template
    </Button>
  );
}

/**
 * Bulk import: pick or drop a CSV, see its first rows checked by the service's own rules, upload it with a progress
 * bar, then follow the job until it ends. The job id is in the URL, so the page can be reloaded or shared mid-way.
 */
export function BulkImport() {
  const [jobId, setJobId] = useQueryState("job", parseAsString.withOptions({ history: "push" }));
  const write = usePermission("customers.write");
  // The file a job was started from, kept so its failed rows can be handed back with their own cells.
  const [sent, setSent] = React.useState<{ jobId: string; file: File } | null>(null);
  if (jobId)
    return (
      <BulkJobStatus
        jobId={jobId}
        file={sent?.jobId === jobId ? sent.file : undefined}
        onStartOver={() => {
          setSent(null);
          void setJobId(null);
        }}
      />
    );
  return (
    <div className="flex flex-col gap-6">
      {write.allowed ? null : <PermissionNotice reasons={[write.reason]} />}
      <UploadStep
        onUploaded={(id, file) => {
          setSent({ jobId: id, file });
          void setJobId(id);
        }}
      />
    </div>
  );
}

function UploadStep({ onUploaded }: { onUploaded: (jobId: string, file: File) => void }) {
  const write = usePermission("customers.write");
  const queryClient = useQueryClient();
  const config = useQuery(configQuery());
  const currencies = config.data?.supportedCurrencies;
  const [selected, setSelected] = React.useState<Selected | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [upload, setUpload] = React.useState<UploadState | null>(null);
  const [dragging, setDragging] = React.useState(false);
  const inputId = React.useId();

  const choose = async (file: File | undefined) => {
    setProblem(null);
    setSelected(null);
    if (!file) return;
    if (!/\.csv$/i.test(file.name) && file.type !== "text/csv") {
      setProblem(`${file.name} is not a CSV file. Save the sheet as CSV (UTF-8) and choose it again.`);
      return;
    }
    if (file.size === 0) {
      setProblem(`${file.name} is empty; it needs a header row and data rows.`);
      return;
    }
    if (file.size > BULK_CSV_MAX_BYTES) {
      setProblem(
        `${file.name} is ${formatBytes(file.size)}; the limit is ${formatBytes(BULK_CSV_MAX_BYTES)}. Split it into smaller files.`,
      );
      return;
    }
    const partial = file.size > PREVIEW_BYTES;
    const text = await previewText(file);
    if (text === null) {
      setProblem(
        `${file.name} is not UTF-8 text: a sheet saved as Windows "CSV" turns "Málaga" into "M�laga". In Excel choose "CSV UTF-8 (Comma delimited)", save, and choose it again.`,
      );
      return;
    }
    const { PREVIEW_ROW_LIMIT, previewBulkCustomerCsv } = await loadPreview();
    setSelected({
      file,
      preview: previewBulkCustomerCsv(text, {
        partial,
        maxRows: PREVIEW_ROW_LIMIT,
        currencies,
      }),
    });
  };

  // The rules may arrive after the file was chosen; check it again with them.
  const selectedFile = selected?.file;
  React.useEffect(() => {
    if (!selectedFile || !currencies) return;
    let cancelled = false;
    void Promise.all([previewText(selectedFile), loadPreview()]).then(
      ([text, { PREVIEW_ROW_LIMIT, previewBulkCustomerCsv }]) => {
        if (cancelled || text === null) return;
        setSelected({
          file: selectedFile,
          preview: previewBulkCustomerCsv(text, {
            partial: selectedFile.size > PREVIEW_BYTES,
            maxRows: PREVIEW_ROW_LIMIT,
            currencies,
          }),
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [selectedFile, currencies]);

  const start = async () => {
    if (!selected) return;
    const controller = new AbortController();
    setUpload({ loaded: 0, total: selected.file.size, controller });
    setProblem(null);
    try {
      const file = selected.preview.fromFailedRows ? await importableFile(selected.file) : selected.file;
      const job = await uploadBulkCustomerCsv(file, {
        signal: controller.signal,
        onProgress: (loaded, total) =>
          setUpload((current) => (current ? { ...current, loaded, total } : current)),
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bulkJobs });
      toast.success(`Uploaded ${selected.file.name}`, {
        description: "The import is running; follow it here.",
      });
      onUploaded(job.jobId, file);
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") {
        toast.info("Upload cancelled; nothing was imported.");
      } else {
        setProblem(
          error instanceof ApiError
            ? `${error.message} (${error.code})`
            : "The upload failed. Check your connection and try again.",
        );
      }
    } finally {
      setUpload(null);
    }
  };

  const preview = selected?.preview;
  const fileIds = useFileIds(selected?.file);
  const repeating = preview?.rows.filter((row) => row.issues.length === 0 && row.repeatsRow).length ?? 0;
  const unreadable = preview?.fileError !== undefined;
  // Every row checked is refused and there are no others: uploading would import nothing (a file of the wrong
  // columns or separator, say) and end as a job of refusals.
  const nothingValid = preview !== undefined && !unreadable && preview.validCount === 0 && !preview.moreRows;
  const blocked = unreadable || nothingValid;

  return (
    <>
      <Card aria-labelledby="choose-heading">
        <CardHeader>
          <div className="flex flex-col gap-1">
            <CardTitle id="choose-heading">1. Choose a CSV file</CardTitle>
            <CardDescription>
              UTF-8, one customer per row, with a header row naming the columns (see the template). Up to{" "}
              {formatBytes(BULK_CSV_MAX_BYTES)}.
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <label
            htmlFor={inputId}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(false);
              void choose(event.dataTransfer.files[0]);
            }}
            className={cn(
              "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-zinc-300 px-6 py-10 text-center transition-colors",
              "hover:border-brand-500 hover:bg-brand-50/50 has-[:focus-visible]:border-brand-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:border-zinc-700 dark:hover:bg-brand-700/10",
              dragging && "border-brand-500 bg-brand-50 dark:bg-brand-700/20",
            )}
          >
            <Upload aria-hidden="true" className="size-6 text-zinc-500 dark:text-zinc-400" />
            <span className="text-sm font-medium">
              {selected ? selected.file.name : "Drop a CSV file here, or click to choose one"}
            </span>
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              {selected
                ? `${formatBytes(selected.file.size)} · choose or drop another to replace it`
                : "Nothing is uploaded until you confirm."}
            </span>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file"
              className="sr-only"
              disabled={upload !== null}
              onChange={(event) => {
                void choose(event.target.files?.[0]);
                event.target.value = "";
              }}
            />
          </label>
          {problem ? (
            <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
              {problem}
            </p>
          ) : null}
        </CardContent>
      </Card>

      {preview ? (
        <Card aria-labelledby="preview-heading">
          <CardHeader className="pb-4">
            <div className="flex flex-col gap-1">
              <CardTitle id="preview-heading">2. Check the first rows</CardTitle>
              <CardDescription aria-live="polite">
                {preview.fileError
                  ? "The file cannot be imported as it is."
                  : `Checked the first ${preview.rows.length} row${preview.rows.length === 1 ? "" : "s"}${preview.moreRows ? " (the file has more)" : ""}: ${preview.validCount} valid${repeating > 0 ? ` (${repeating} repeating an earlier row's platform customer id)` : ""}, ${preview.invalidCount} will be refused. The service checks every row again while importing.`}
              </CardDescription>
            </div>
          </CardHeader>
          {preview.fileError || preview.headerIssues.length > 0 ? (
            <div className="px-5 pb-4">
              <ul
                role="alert"
                className="flex flex-col gap-1 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
              >
                {preview.fileError ? <li>{preview.fileError}</li> : null}
                {preview.headerIssues.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {preview.fromFailedRows ? (
            <p className="mx-5 mb-4 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
              This is a failed-rows file. Its last column, <code>error</code>, says why each row failed last
              time: it is left out of the check and the upload, as are the apostrophes the download put before
              cells a spreadsheet would run as formulas. The rows are imported as they are now.
            </p>
          ) : null}
          {preview.rows.length > 0 ? (
            <div className="px-5 pb-4 empty:hidden">
              <ImportWarnings preview={preview} fileIds={fileIds} />
            </div>
          ) : null}
          {preview.rows.length > 0 ? <CsvPreviewTable preview={preview} /> : null}
        </Card>
      ) : null}

      {selected ? (
        <Card aria-labelledby="upload-heading">
          <CardHeader>
            <div className="flex flex-col gap-1">
              <CardTitle id="upload-heading">3. Upload and import</CardTitle>
              <CardDescription>
                {unreadable
                  ? "Fix the file first: the service would refuse it."
                  : nothingValid
                    ? "Fix the file first: no row of it is valid, so nothing would be imported."
                    : preview && preview.invalidCount > 0
                      ? "Valid rows are imported; refused rows are listed afterwards with their errors, to fix and import again."
                      : "Every row is imported as a customer with an internal account in each supported currency."}
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {upload ? (
              <div className="flex flex-col gap-2">
                <div className="flex items-baseline justify-between text-sm">
                  <span className="font-medium">Uploading {selected.file.name}</span>
                  <span className="tabular-nums text-zinc-600 dark:text-zinc-400">
                    {formatBytes(upload.loaded)} of {formatBytes(upload.total)}
                  </span>
                </div>
                <ProgressBar
                  label={`Uploading ${selected.file.name}`}
                  value={upload.loaded}
                  max={upload.total}
                  valueText={`${formatBytes(upload.loaded)} of ${formatBytes(upload.total)}`}
                />
                <Button
                  variant="outline"
                  size="sm"
                  className="self-end"
                  onClick={() => upload.controller.abort()}
                >
                  <X aria-hidden="true" />
                  Cancel upload
                </Button>
              </div>
            ) : (
              <div className="flex flex-wrap items-center justify-end gap-2">
                <Button variant="ghost" onClick={() => setSelected(null)}>
                  Clear
                </Button>
                <PermittedButton
                  decision={
                    blocked
                      ? {
                          allowed: false,
                          reason: nothingValid
                            ? "No row of the file is valid: nothing would be imported."
                            : "The file cannot be imported as it is.",
                        }
                      : write
                  }
                  onClick={() => void start()}
                >
                  <Upload aria-hidden="true" />
                  Upload and import
                </PermittedButton>
              </div>
            )}
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
