/** A citizen login for the fee payer: the user behind it and its invitation e-mail or PDF letter. */
import { asc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { hasRow } from "../../lib/records";
import { feePayer, feePayerAddress, municipality, user, userMunicipality } from "../../db/schema";
import { isUniqueViolation } from "../../lib/db-errors";
import { ApiError, validation } from "../../lib/errors";
import { hashPassword } from "../../lib/password-hash";
import type { AuthContext } from "../../lib/auth";
import type { Services } from "../../services";
import { endSessions, uniqueUserName } from "../user/service";
import { mailInvitation, revokeRegistrationTokens } from "../user/registration";
import { generatePassword, loginLetterPdf } from "./login-letter";
import { pdfResponse } from "../../lib/pdf";
import { ROLES } from "#contract/roles";
import { feePayerName, type generateLoginBody } from "#contract/fee-payer";
import { EMAIL_REQUIRED, EMAIL_TAKEN, findPayer, LOGIN_UNAVAILABLE } from "./shared";

const CITIZEN_ROLE_ID = ROLES.find((r) => r.name === "CITIZEN")!.id;

/** E-mails are unique among users regardless of case (both sign in on the provider's page). */
async function emailTakenByOther(db: Db, email: string, userId: number | null): Promise<boolean> {
  return hasRow(db, user, sql`lower(${user.email}) = lower(${email})`, userId ? ne(user.id, userId) : undefined);
}

type Payer = typeof feePayer.$inferSelect;

/**
 * The payer's citizen user: the linked one (re-issued: active again, e-mail updated) or a new one with role
 * CITIZEN in this municipality, named by the user module's unique-user-name rule and linked via fee_payer.user_id.
 */
async function ensureCitizenUser(
  db: Db,
  municipalityId: number,
  payer: Payer,
  values: { email: string | null; passwordHash?: string; storeEmailOnPayer?: boolean },
): Promise<{ id: number; userName: string; language: string; created: boolean }> {
  const linked = payer.userId ? (await db.select().from(user).where(eq(user.id, payer.userId)))[0] : undefined;
  const [m] = await db
    .select({ country: municipality.country })
    .from(municipality)
    .where(eq(municipality.id, municipalityId));
  const names =
    payer.type === "Company"
      ? { firstName: "", lastName: (payer.companyName ?? "").slice(0, 100) }
      : { firstName: payer.firstName ?? "", lastName: payer.lastName ?? "" };
  for (let attempt = 0; ; attempt++) {
    const userName = linked?.userName ?? (await uniqueUserName(db, names.firstName, names.lastName)).userName;
    try {
      return await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const password = values.passwordHash
          ? { passwordHash: values.passwordHash, failedLogins: 0, lastFailedLoginAt: null }
          : {};
        let result: { id: number; userName: string; language: string; created: boolean };
        if (linked) {
          await tx
            .update(user)
            .set({ ...(values.email ? { email: values.email } : {}), active: true, ...password, updatedAt: new Date() })
            .where(eq(user.id, linked.id));
          result = { id: linked.id, userName: linked.userName, language: linked.language, created: false };
        } else {
          const language = m?.country === "SK" ? "sk" : "cs";
          const [created] = await tx
            .insert(user)
            .values({
              userName,
              ...names,
              email: values.email,
              phone: payer.phone,
              roleId: CITIZEN_ROLE_ID,
              municipalityId,
              language,
              ...password,
            })
            .returning({ id: user.id });
          await tx.insert(userMunicipality).values({ userId: created!.id, municipalityId });
          result = { id: created!.id, userName, language, created: true };
        }
        await tx
          .update(feePayer)
          .set({
            userId: result.id,
            ...(values.storeEmailOnPayer && values.email ? { email: values.email } : {}),
            updatedAt: new Date(),
          })
          .where(eq(feePayer.id, payer.id));
        return result;
      });
    } catch (err) {
      // Another request took the same user name in the meantime: pick the next free one.
      if (!linked && attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** Name and address lines of the letter: the payment-notice address, else the payer's first stored address. */
async function letterAddress(db: Db, payer: Payer): Promise<string[]> {
  const zipCity = (zip: string | null, city: string | null) =>
    [zip ? zip.replace(/^(\d{3})(\d{2})$/, "$1 $2") : null, city].filter(Boolean).join(" ");
  if (payer.streetAddress || payer.city)
    return [payer.streetAddress, zipCity(payer.zipCode, payer.city)].filter((l): l is string => !!l);
  const [a] = await db
    .select()
    .from(feePayerAddress)
    .where(eq(feePayerAddress.feePayerId, payer.id))
    .orderBy(
      sql`case ${feePayerAddress.type} when 'Permanent' then 0 when 'Temporary' then 1 else 2 end`,
      asc(feePayerAddress.id),
    )
    .limit(1);
  if (!a) return [];
  const number = a.conscriptionNumber
    ? a.streetNumber
      ? `${a.conscriptionNumber}/${a.streetNumber}`
      : a.conscriptionNumber
    : a.streetNumber;
  const street = [a.street ?? (a.city && number ? a.city : null), number].filter(Boolean).join(" ");
  return [street, zipCity(a.zipCode, a.city)].filter((l) => !!l);
}

/**
 * POST fee-payer/{id}/generate-login: a citizen login for the payer (one per payer; generating again re-issues
 * it). 'email' sends the invitation with a set-password link as user registration by e-mail does; 'pdf' sets a
 * random strong password and answers the letter that carries it.
 */
export async function generateLogin(
  services: Services,
  auth: AuthContext,
  municipalityId: number,
  id: number,
  body: z.infer<typeof generateLoginBody>,
): Promise<Response | { userId: number; userName: string; sentTo: string }> {
  const { db } = services;
  const payer = await findPayer(db, municipalityId, id);
  // Without the built-in provider's set-password page an external provider keeps the passwords: a local
  // password or link would not sign anybody in.
  const setPasswordUrl = services.config.setPasswordUrl;
  if (!setPasswordUrl) throw validation({ method: [LOGIN_UNAVAILABLE] }, LOGIN_UNAVAILABLE);

  if (body.method === "email") {
    const email = body.email ?? payer.email;
    if (!email) throw validation({ email: [EMAIL_REQUIRED] });
    if (await emailTakenByOther(db, email, payer.userId)) throw validation({ email: [EMAIL_TAKEN] });
    const u = await ensureCitizenUser(db, municipalityId, payer, { email, storeEmailOnPayer: !payer.email });
    const invitee = { userId: u.id, userName: u.userName, language: u.language, email, name: feePayerName(payer) };
    const { sent } = await mailInvitation(services, auth, invitee, setPasswordUrl, "fee payer invitation");
    if (!sent) throw new ApiError(502, "E-mail se nepodařilo odeslat. Zkuste to prosím později.");
    return { userId: u.id, userName: u.userName, sentTo: email };
  }

  const password = generatePassword();
  // The payer's e-mail goes to the login only where no other user signs in with it.
  const email = payer.email && !(await emailTakenByOther(db, payer.email, payer.userId)) ? payer.email : null;
  const u = await ensureCitizenUser(db, municipalityId, payer, { email, passwordHash: await hashPassword(password) });
  if (!u.created) {
    // The letter's password is now the only one: earlier links stop working and earlier sign-ins end.
    await revokeRegistrationTokens(db, u.id);
    await endSessions(db, [u.id]);
  }
  const [m] = await db
    .select({ name: municipality.name })
    .from(municipality)
    .where(eq(municipality.id, municipalityId));
  const pdf = await loginLetterPdf({
    municipalityName: m?.name ?? "",
    payerName: feePayerName(payer),
    addressLines: await letterAddress(db, payer),
    userName: u.userName,
    password,
    signInUrl: services.config.publicUrl,
  });
  return pdfResponse(pdf, `prihlaseni-${id}.pdf`);
}
