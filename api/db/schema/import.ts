/**
 * The uploads of import jobs (issue 13): a file is stored in the database as it arrives, in chunks, so that the
 * background job of any process can read it, a restart can resume it, and the user can download the original.
 */
import { pgTable, primaryKey } from "drizzle-orm/pg-core";
import { importJob } from "./bin";
import { fileChunk, ownerColumn } from "./columns";

export const importFileChunk = pgTable(
  "import_file_chunk",
  {
    importJobId: ownerColumn("import_job_id", () => importJob.id),
    ...fileChunk(),
  },
  (t) => [primaryKey({ columns: [t.importJobId, t.seq] })],
);
