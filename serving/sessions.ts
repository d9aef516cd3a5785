import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { createCookie, createSessionStorage } from "react-router";
import type { Db } from "../api/db/client";
import { session as sessionTable } from "../api/db/schema";
import type { SessionData, SessionFlash, WebSessionStorage } from "../app/server/context";

/**
 * The web sessions, kept in the database; the cookie holds only a signed random id (spec 000 §4, §9 'auth.'
 * prefix). A row is written only when a session is committed, and the web part commits one only for a signed-in
 * user (issue 11 security 5: anonymous visits wrote a row each); sign-in starts a new id (security 2).
 */
export function createDbSessionStorage(opts: { db: Db; secret: string; secure: boolean }): WebSessionStorage {
  const { db } = opts;
  const cookie = createCookie("auth.session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 31_536_000,
    secure: opts.secure,
    secrets: [opts.secret],
  });
  return createSessionStorage<SessionData, SessionFlash>({
    cookie,
    async createData(data, expires) {
      const id = randomBytes(24).toString("base64url");
      await db.insert(sessionTable).values({ id, data, expiresAt: expires ?? null });
      return id;
    },
    async readData(id) {
      const [row] = await db.select().from(sessionTable).where(eq(sessionTable.id, id));
      if (!row) return null;
      if (row.expiresAt && row.expiresAt < new Date()) return null;
      return row.data as Partial<SessionData & SessionFlash>;
    },
    async updateData(id, data, expires) {
      await db
        .insert(sessionTable)
        .values({ id, data, expiresAt: expires ?? null })
        .onConflictDoUpdate({ target: sessionTable.id, set: { data, expiresAt: expires ?? null } });
    },
    async deleteData(id) {
      await db.delete(sessionTable).where(eq(sessionTable.id, id));
    },
  });
}
