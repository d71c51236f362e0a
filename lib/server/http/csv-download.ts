import "server-only";
import { UTF8_BOM } from "../../universal/csv/cells";
import { log } from "../log/logger";

/**
 * A CSV file streamed from pages of rows: the header and the first page are sent at once (the caller reads that
 * page before answering, so a refused filter or an unreachable source is an error response, not a broken
 * download), and each further page is read only as the browser takes the file in.
 */
export function csvDownload<Row>({
  header,
  first,
  rest,
  line,
  filename,
  what,
  requestId,
}: {
  header: string;
  first: readonly Row[];
  rest: AsyncGenerator<readonly Row[], unknown, undefined>;
  line: (row: Row) => string;
  filename: string;
  /** What is exported, for the server's log: "transaction export". */
  what: string;
  requestId: string;
}): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(UTF8_BOM + header + first.map(line).join("")));
    },
    async pull(controller) {
      try {
        const next = await rest.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value.map(line).join("")));
      } catch (error) {
        // Headers are already sent: ending the stream in error makes the download fail visibly instead of
        // leaving a file that looks complete.
        log.error("console", `${what} failed mid-stream`, { requestId, error });
        controller.error(error);
      }
    },
    async cancel() {
      await rest.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
