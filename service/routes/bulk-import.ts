import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import { BULK_CSV_MAX_BYTES } from "../../shared/contract";
import type { ServiceContext } from "../context";
import { getBulkJob, startBulkImport } from "../domain/bulk-import";
import { assertRegulated } from "../domain/customers";
import { ApiError } from "../errors";

const oneFileOnly = () =>
  new ApiError(413, "PAYLOAD_TOO_LARGE", "Send one file in the form field `file` and nothing else.");

/**
 * Multipart's own errors in the API's shape; anything that is not about the upload's size is the client's. So is
 * any failure while reading the form (`fromUpload`): a missing boundary or a form cut short is a bad request, not
 * an internal error.
 */
function uploadError(error: unknown, maxBytes: number, fromUpload = false): unknown {
  if (error instanceof ApiError || !(error instanceof Error)) return error;
  const code = "code" in error ? error.code : undefined;
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    return new ApiError(413, "PAYLOAD_TOO_LARGE", `The file is larger than ${maxBytes} bytes.`);
  }
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
    return oneFileOnly();
  if ((typeof code === "string" && code.startsWith("FST_")) || fromUpload) {
    return new ApiError(400, "INVALID_INPUT", "The multipart form data could not be read.");
  }
  return error;
}

/**
 * Bulk CSV import. The multipart parser is registered here only, with the spec's size limit; `maxBytes` exists so
 * the limit is stated in one place and read back in messages.
 */
export const bulkImportRoutes =
  (context: ServiceContext, maxBytes: number = BULK_CSV_MAX_BYTES): FastifyPluginAsync =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });

    // POST /customers/bulk/csv — multipart field `file`; 202 with the job to poll
    app.post("/customers/bulk/csv", async (request, reply) => {
      if (!request.isMultipart()) {
        throw new ApiError(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          "Send the CSV as multipart/form-data in the field `file`.",
        );
      }
      assertRegulated(context);
      const files = request.files();
      const first = await files.next().catch((error: unknown) => {
        throw uploadError(error, maxBytes, true);
      });
      const part = first.done ? undefined : first.value;
      if (part?.fieldname !== "file") {
        part?.file.resume();
        throw new ApiError(400, "INVALID_INPUT", "Attach the CSV file in the form field `file`.", {
          fields: [{ path: "file", message: "Required" }],
        });
      }
      // An error the upload stream itself raised is about the request; one from storing it is ours.
      let readError: unknown;
      part.file.once("error", (error) => {
        readError = error;
      });
      try {
        const job = await startBulkImport(context, {
          file: part.file,
          maxBytes,
          // A second file must not be dropped silently: reading on meets it (or the parser's files limit).
          beforeRecord: async () => {
            const next = await files.next();
            if (!next.done) {
              next.value.file.resume();
              throw oneFileOnly();
            }
          },
        });
        return reply.code(202).send(job);
      } catch (error) {
        // The parser may fail the stream (destroy it with its error) without our listener seeing the event.
        const fromUpload = error === readError || error === part.file.errored;
        throw uploadError(error, maxBytes, fromUpload);
      }
    });

    // GET /customers/bulk/jobs/{jobId} — progress and row errors
    app.get<{ Params: { jobId: string } }>("/customers/bulk/jobs/:jobId", async (request) =>
      getBulkJob(context, request.params.jobId),
    );
  };
