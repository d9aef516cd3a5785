/** Ending a user's sign-ins: web sessions and the built-in provider's sessions, grants and tokens. */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oidcPayload, session } from "../../db/schema";

/** Provider records that sign a user in again or refresh their tokens (idp/adapter.ts stores them). */
const OIDC_ACCOUNT_TYPES = [
  "Session",
  "Grant",
  "RefreshToken",
  "AccessToken",
  "AuthorizationCode",
  "DeviceCode",
  "BackchannelAuthenticationRequest",
];

/**
 * Ends the sign-ins of the given users: web session rows (data.user.id) and the built-in provider's sessions,
 * grants and tokens (oidc_payload, payload.accountId). With `keepAccessToken`, the web session holding that
 * access token and its provider grant survive (the request's own session). Answers the number of web sessions
 * ended.
 */
export async function endSessions(db: Db, userIds: number[], keepAccessToken?: string): Promise<number> {
  if (!userIds.length) return 0;
  const ids = userIds.map(String);
  const sessionUser = sql`(${session.data} -> 'user' ->> 'id')`;
  const account = sql`(${oidcPayload.payload} ->> 'accountId')`;
  return db.transaction(async (tx) => {
    let keepSession: string | undefined;
    let keepGrant: string | undefined;
    if (keepAccessToken) {
      const [current] = await tx
        .select({ id: session.id, refreshToken: sql<string | null>`${session.data} -> 'tokens' ->> 'refreshToken'` })
        .from(session)
        .where(and(inArray(sessionUser, ids), sql`${session.data} -> 'tokens' ->> 'accessToken' = ${keepAccessToken}`))
        .limit(1);
      keepSession = current?.id;
      if (current?.refreshToken) {
        // An opaque refresh token is stored under its own value as id.
        const [rt] = await tx
          .select({ grantId: oidcPayload.grantId })
          .from(oidcPayload)
          .where(and(eq(oidcPayload.type, "RefreshToken"), eq(oidcPayload.id, current.refreshToken)));
        keepGrant = rt?.grantId ?? undefined;
      }
    }
    const ended = await tx
      .delete(session)
      .where(and(inArray(sessionUser, ids), keepSession ? ne(session.id, keepSession) : undefined))
      .returning({ id: session.id });
    const keep = keepGrant
      ? sql`not (coalesce(${oidcPayload.grantId}, '') = ${keepGrant}
          or (${oidcPayload.type} = 'Grant' and ${oidcPayload.id} = ${keepGrant})
          or (${oidcPayload.type} = 'Session' and exists (
            select 1 from jsonb_each(coalesce(${oidcPayload.payload} -> 'authorizations', '{}'::jsonb)) as a
            where a.value ->> 'grantId' = ${keepGrant})))`
      : undefined;
    await tx.delete(oidcPayload).where(and(inArray(account, ids), inArray(oidcPayload.type, OIDC_ACCOUNT_TYPES), keep));
    return ended.length;
  });
}
