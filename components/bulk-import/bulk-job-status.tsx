"use client";

import { useQuery } from "@tanstack/react-query";
import { Download, FileUp, Users } from "lucide-react";
import * as React from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Link } from "@/components/ui/link";
import { ProgressBar } from "@/components/ui/progress-bar";
import { QueryState } from "@/components/ui/query-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { LoadingState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { toast } from "@/components/ui/toast";
import { configQuery } from "@/lib/client/api/config";
import { bulkJobQuery } from "@/lib/client/api/customers";
import { bulkJobErrorsCsv, rowErrorLabel } from "@/lib/universal/bulk-import/job-errors";
import { formatCount } from "@/lib/universal/intl/count";
import type { BulkCustomerImportJob, CurrencyRequirement } from "@/shared/contract";
import { bulkJobErrorsColumns } from "./bulk-job-errors-columns";
import { downloadText } from "./download";

const count = formatCount;
const rows = (value: number) => (value === 1 ? "row" : "rows");

function isFinished(job: BulkCustomerImportJob) {
  return job.status === "COMPLETED" || job.status === "FAILED";
}

/** A sentence for the live region, said once when the job ends. */
function outcome(job: BulkCustomerImportJob): string {
  const { successful, failed } = job.progress;
  if (job.status === "FAILED")
    return `The import stopped: ${count(successful)} imported, ${count(failed)} failed.`;
  return `Import finished: ${count(successful)} imported, ${count(failed)} failed.`;
}

/** Follows one bulk import job live until it ends: progress, counts, and the row errors as a table and a file. */
export function BulkJobStatus({
  jobId,
  file,
  onStartOver,
}: {
  jobId: string;
  /** The file the job was started from, while this page still holds it (not after a reload). */
  file?: File | undefined;
  onStartOver: () => void;
}) {
  const query = useQuery(bulkJobQuery(jobId));
  return (
    <QueryState
      query={query}
      loading={<LoadingState label="Loading the import job" rows={3} columns={4} />}
      error={{ title: "The import job could not be loaded" }}
    >
      {(job) => <JobView job={job} file={file} onStartOver={onStartOver} />}
    </QueryState>
  );
}

/** The failed rows cut out of the uploaded file, with their own cells and an error column, as a file to fix. */
async function downloadFailedRows(
  job: BulkCustomerImportJob,
  file: File,
  rowErrors: BulkCustomerImportJob["errors"],
  currencies: readonly CurrencyRequirement[],
) {
  const [text, { failedRowsCsv }] = await Promise.all([file.text(), loadFailedRows()]);
  const failed = failedRowsCsv(text, rowErrors, currencies);
  downloadText(`failed-rows-${job.jobId.replace(/[^A-Za-z0-9-]/g, "-")}.csv`, failed.csv);
  const left = failed.unmatched.length;
  if (left > 0) {
    toast.info(
      `${count(left)} failed ${rows(left)} ${left === 1 ? "is" : "are"} not in the file: ${[...new Set(failed.unmatched.map(rowErrorLabel))].join(", ")}.`,
      {
        description:
          "Several rows give each of these platform customer ids and which of them failed cannot be told; the table below lists their errors.",
      },
    );
  }
}

const loadFailedRows = () => import("@/lib/universal/bulk-import/failed-rows");

function JobView({
  job,
  file,
  onStartOver,
}: {
  job: BulkCustomerImportJob;
  file: File | undefined;
  onStartOver: () => void;
}) {
  const config = useQuery(configQuery());
  const currencies = config.data?.supportedCurrencies ?? [];
  const { total, processed, successful, failed } = job.progress;
  const finished = isFinished(job);
  const [announcement, setAnnouncement] = React.useState("");
  const wasFinished = React.useRef(finished);
  React.useEffect(() => {
    if (finished && !wasFinished.current) setAnnouncement(outcome(job));
    wasFinished.current = finished;
  }, [finished, job]);
  const fileErrors = job.errors.filter((error) => error.correlationId === "file");
  const rowErrors = job.errors.filter((error) => error.correlationId !== "file");

  return (
    <div className="flex flex-col gap-6">
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <Card aria-labelledby="job-heading">
        <CardHeader>
          <div className="flex flex-col gap-1">
            <CardTitle id="job-heading" className="flex items-center gap-2">
              Import job
              <StatusBadge status={job.status} />
            </CardTitle>
            <CardDescription className="flex items-center gap-1">
              <span className="font-mono text-xs">{job.jobId}</span>
              <CopyButton value={job.jobId} label="job id" className="size-6" />
              {job.completedAt ? (
                <span>
                  · ended <RelativeTime date={job.completedAt} />
                </span>
              ) : null}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={onStartOver}>
              <FileUp aria-hidden="true" />
              Import another file
            </Button>
            {finished && successful > 0 ? (
              <Button asChild size="sm">
                <Link href="/customers">
                  <Users aria-hidden="true" />
                  View customers
                </Link>
              </Button>
            ) : null}
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <div className="flex items-baseline justify-between text-sm">
              <span className="font-medium">
                {finished ? "Processed" : job.status === "PENDING" ? "Waiting to start" : "Importing"}
              </span>
              <span className="tabular-nums text-zinc-600 dark:text-zinc-400">
                {total > 0
                  ? `${count(processed)} of ${count(total)} ${rows(total)}`
                  : `${count(processed)} ${rows(processed)}`}
              </span>
            </div>
            <ProgressBar
              label="Import progress"
              value={processed}
              max={finished ? Math.max(total, processed, 1) : total}
              valueText={total > 0 ? `${processed} of ${total} ${rows(total)}` : undefined}
              tone={finished ? (failed > 0 && successful === 0 ? "danger" : "success") : "brand"}
            />
          </div>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Stat label="Rows" value={total} />
            <Stat label="Processed" value={processed} />
            <Stat label="Imported" value={successful} tone="success" />
            <Stat label="Failed" value={failed} tone={failed > 0 ? "danger" : undefined} />
          </dl>
          {fileErrors.map((error) => (
            <p
              key={error.error.message}
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
            >
              {error.error.message}
            </p>
          ))}
        </CardContent>
      </Card>

      {rowErrors.length > 0 ? (
        <Card aria-labelledby="row-errors-heading">
          <CardHeader className="pb-4">
            <div className="flex flex-col gap-1">
              <CardTitle id="row-errors-heading">Rows that were not imported</CardTitle>
              <CardDescription>
                {rowErrors.length < failed
                  ? `The first ${count(rowErrors.length)} of ${count(failed)} failed rows. Import only the failed rows again, fixed: a file that still holds the imported rows would make them second customers.`
                  : "The other rows are imported. Import only these rows again, fixed: a file that still holds the imported rows would make them second customers."}{" "}
                {file
                  ? `The failed rows' download holds ${file.name}'s header and each failed row's own cells, with its error in a last column: fix the cells, delete the error column, and import it.`
                  : "This page no longer holds the uploaded file (it was reloaded), so the download lists each row's error without its cells."}
              </CardDescription>
            </div>
            {file ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => void downloadFailedRows(job, file, rowErrors, currencies)}
              >
                <Download aria-hidden="true" />
                Download failed rows (CSV)
              </Button>
            ) : (
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  downloadText(
                    `import-errors-${job.jobId.replace(/[^A-Za-z0-9-]/g, "-")}.csv`,
                    bulkJobErrorsCsv(rowErrors),
                  )
                }
              >
                <Download aria-hidden="true" />
                Download errors (CSV)
              </Button>
            )}
          </CardHeader>
          <DataTable
            columns={bulkJobErrorsColumns}
            rows={rowErrors}
            paginated={false}
            // Two rows may share a platformCustomerId, so the place in the list tells them apart.
            getRowId={(error, index) => `${rowErrorLabel(error)}-${index}`}
            label="Rows that were not imported"
            labelledBy="row-errors-heading"
            itemNoun={{ one: "row", other: "rows" }}
            framed={false}
          />
        </Card>
      ) : null}
    </div>
  );
}

function Stat({
  label,
  value,
  tone,
}: {
  label: string;
  value: number;
  tone?: "success" | "danger" | undefined;
}) {
  return (
    <div className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
        {label}
      </dt>
      <dd
        className={
          tone === "success"
            ? "text-xl font-semibold tabular-nums text-emerald-700 dark:text-emerald-400"
            : tone === "danger"
              ? "text-xl font-semibold tabular-nums text-red-700 dark:text-red-400"
              : "text-xl font-semibold tabular-nums"
        }
      >
        {count(value)}
      </dd>
    </div>
  );
}
