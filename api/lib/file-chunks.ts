/**
 * A file kept in the database in pieces (fileChunk() of api/db/schema/columns.ts: an import's upload, a notice
 * job's PDF), read back in order one piece at a time: a large file is never whole in memory.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";

type ChunkTable = PgTable & { seq: AnyPgColumn; data: AnyPgColumn };

/** The pieces of the file whose `owner` column is `ownerId`, in order, each a copy of its bytes. */
export async function* storedChunks(
  db: Db,
  table: ChunkTable,
  owner: AnyPgColumn,
  ownerId: number,
): AsyncGenerator<Uint8Array> {
  for (let seq = -1; ;) {
    const [chunk] = await db
      .select({ seq: table.seq, data: table.data })
      .from(table as PgTable)
      .where(and(eq(owner, ownerId), gt(table.seq, seq)))
      .orderBy(asc(table.seq))
      .limit(1);
    if (!chunk) return;
    seq = chunk.seq as number;
    yield new Uint8Array(chunk.data as Uint8Array);
  }
}
