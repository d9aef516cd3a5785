import { and, eq, sql } from "drizzle-orm";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Db } from "../api/db/client";
import { oidcPayload } from "../api/db/schema";

/** oidc-provider storage in the product database, so sign-ins survive restarts and scale out. */
export function createAdapterFactory(db: Db) {
  return class DbAdapter implements Adapter {
    constructor(private type: string) {}

    private key(id: string) {
      return and(eq(oidcPayload.type, this.type), eq(oidcPayload.id, id));
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        id,
        type: this.type,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db.transaction(async (tx) => {
        await tx.delete(oidcPayload).where(this.key(id));
        await tx.insert(oidcPayload).values(row);
      });
    }

    private async findWhere(cond: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayload)
        .where(and(eq(oidcPayload.type, this.type), cond, sql`(${oidcPayload.expiresAt} is null or ${oidcPayload.expiresAt} > now())`))
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    find(id: string) {
      return this.findWhere(eq(oidcPayload.id, id));
    }
    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcPayload.userCode, userCode));
    }
    findByUid(uid: string) {
      return this.findWhere(eq(oidcPayload.uid, uid));
    }
    async consume(id: string): Promise<void> {
      await db.update(oidcPayload).set({ consumedAt: new Date() }).where(this.key(id));
    }
    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayload).where(this.key(id));
    }
    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayload).where(eq(oidcPayload.grantId, grantId));
    }
  };
}

/** Removes expired provider records; called periodically by server.ts. */
export async function purgeExpired(db: Db): Promise<void> {
  await db.delete(oidcPayload).where(sql`${oidcPayload.expiresAt} < now()`);
}
