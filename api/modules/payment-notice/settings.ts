/** The municipality's payment settings (issue 14 part 6): read, and saved against the version the form loaded. */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { municipality, paymentSetting } from "../../db/schema";
import { validation } from "../../lib/errors";
import { bumped, writtenOrStale } from "../../lib/version";
import { compactIban, czechIban, formatCzechAccount, parseCzechAccount } from "#contract/bank-account";
import { IBAN_REQUIRED_SK_MESSAGE, type PaymentSettings, type PaymentSettingsBody } from "#contract/payment-notice";

export async function currencyOf(db: Db, municipalityId: number): Promise<"CZK" | "EUR"> {
  const [m] = await db
    .select({ country: municipality.country })
    .from(municipality)
    .where(eq(municipality.id, municipalityId));
  return m?.country === "SK" ? "EUR" : "CZK";
}

export async function readPaymentSettings(db: Db, municipalityId: number): Promise<PaymentSettings | null> {
  const [row] = await db.select().from(paymentSetting).where(eq(paymentSetting.municipalityId, municipalityId));
  if (!row) return null;
  return {
    id: row.id,
    version: row.version,
    account: row.accountNumber
      ? formatCzechAccount({ prefix: row.accountPrefix, number: row.accountNumber, bankCode: row.bankCode! })
      : null,
    iban: row.iban,
    dueDay: row.dueDay,
    dueMonth: row.dueMonth,
    constantSymbol: row.constantSymbol,
    noticeText: row.noticeText,
  };
}

export async function getPaymentSettings(db: Db, municipalityId: number) {
  return { settings: await readPaymentSettings(db, municipalityId), currency: await currencyOf(db, municipalityId) };
}

/**
 * Saves the settings (version 0 creates them; a row made meanwhile is a stale edit, 409). The IBAN is the one typed
 * or the Czech account's; a Slovak municipality pays in EUR and needs an IBAN (its QR code carries only an IBAN).
 */
export async function savePaymentSettings(db: Db, municipalityId: number, form: PaymentSettingsBody) {
  const account = form.account ? parseCzechAccount(form.account) : null;
  if (!form.iban && (await currencyOf(db, municipalityId)) === "EUR") {
    throw validation({ iban: [IBAN_REQUIRED_SK_MESSAGE] });
  }
  const values = {
    accountPrefix: account?.prefix ?? null,
    accountNumber: account?.number ?? null,
    bankCode: account?.bankCode ?? null,
    iban: form.iban ? compactIban(form.iban) : czechIban(account!),
    dueDay: form.dueDay,
    dueMonth: form.dueMonth,
    constantSymbol: form.constantSymbol ?? null,
    noticeText: form.noticeText ?? null,
  };
  const returning = { id: paymentSetting.id, version: paymentSetting.version };
  const [updated] = await db
    .update(paymentSetting)
    .set({ ...values, updatedAt: new Date(), version: bumped(paymentSetting.version) })
    .where(and(eq(paymentSetting.municipalityId, municipalityId), eq(paymentSetting.version, form.version)))
    .returning(returning);
  return (
    updated ??
    writtenOrStale(
      form.version === 0
        ? await db
            .insert(paymentSetting)
            // Created as version 1: a second 'create' (version 0) from a form loaded before is then stale.
            .values({ municipalityId, ...values, version: 1 })
            .onConflictDoNothing()
            .returning(returning)
        : [],
    )
  );
}
