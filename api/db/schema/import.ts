/**
 * The uploads of import jobs (issue 13): a file is stored in the database as it arrives, in chunks, so that the
 * background job of any process can read it, a restart can resume it, and the user can download the original.
 */
import { customType, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { importJob } from "./bin";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const importFileChunk = pgTable(
  "import_file_chunk",
  {
    importJobId: integer("import_job_id")
      .notNull()
      .references(() => importJob.id, { onDelete: "cascade" }),
    /** 0, 1, 2 … in the file's order. */
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importJobId, t.seq] })],
);
