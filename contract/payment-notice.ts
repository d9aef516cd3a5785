/**
 * Payment notices (issue 14 part 6, docs/fees.md 'Payment notices'): the municipality's payment settings (account,
 * due day, constant symbol, the notice's text), the notices of a year as PDF and their e-mailing.
 */
import { z } from "zod";
import { optionalText, selectedIds, versionField, yearField } from "./common";
import { compactIban, czechIban, isValidCzechAccount, isValidIban, parseCzechAccount } from "./bank-account";

export const ACCOUNT_FORMAT_MESSAGE = "Číslo účtu má tvar předčíslí-číslo/kód banky, např. 19-2000145399/0800.";
export const ACCOUNT_INVALID_MESSAGE = "Číslo účtu neprošlo kontrolou (modulo 11). Zkontrolujte ho.";
export const IBAN_INVALID_MESSAGE = "IBAN není platný (kontrolní číslice nesedí). Zkontrolujte ho.";
export const IBAN_MISMATCH_MESSAGE = "IBAN neodpovídá číslu účtu.";
export const ACCOUNT_REQUIRED_MESSAGE = "Vyplňte číslo účtu nebo IBAN.";
export const IBAN_REQUIRED_SK_MESSAGE = "Slovenská obec zadává účet jako IBAN.";
const DAY_MESSAGE = "Zadejte den splatnosti 1–31, který v daném měsíci existuje.";
const MONTH_MESSAGE = "Zadejte měsíc splatnosti 1–12.";
const CONSTANT_SYMBOL_MESSAGE = "Konstantní symbol má nejvýše 4 číslice.";

/** Days of each month in a common year: a due day of 29 February would be missing three years of four. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const whole = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v),
    z.number({ message }).int({ message }).min(min, { message }).max(max, { message }),
  );

/**
 * PUT …/payment-settings: a Czech account and/or an IBAN (both: they must agree), the due day and month of each
 * fee year, an optional constant symbol and the notice's text; `version` 0 creates them (decision 0020).
 */
export const paymentSettingsBody = z
  .object({
    account: optionalText(30),
    iban: optionalText(42),
    dueDay: whole(1, 31, DAY_MESSAGE),
    dueMonth: whole(1, 12, MONTH_MESSAGE),
    constantSymbol: optionalText(4).refine((v) => !v || /^\d{1,4}$/.test(v), { message: CONSTANT_SYMBOL_MESSAGE }),
    noticeText: optionalText(1000),
    version: versionField,
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!v.account && !v.iban) issue("account", ACCOUNT_REQUIRED_MESSAGE);
    const account = v.account ? parseCzechAccount(v.account) : null;
    if (v.account && !account) issue("account", ACCOUNT_FORMAT_MESSAGE);
    else if (account && !isValidCzechAccount(account)) issue("account", ACCOUNT_INVALID_MESSAGE);
    if (v.iban && !isValidIban(v.iban)) issue("iban", IBAN_INVALID_MESSAGE);
    else if (v.iban && account && isValidCzechAccount(account) && czechIban(account) !== compactIban(v.iban)) {
      issue("iban", IBAN_MISMATCH_MESSAGE);
    }
    if (v.dueDay > (MONTH_DAYS[v.dueMonth - 1] ?? 31)) issue("dueDay", DAY_MESSAGE);
  });
export type PaymentSettingsBody = z.infer<typeof paymentSettingsBody>;

export const paymentSettingsAnswer = z.object({
  settings: z
    .object({
      id: z.number(),
      version: z.number(),
      /** 'prefix-number/bank', null for an IBAN-only account. */
      account: z.string().nullable(),
      iban: z.string(),
      dueDay: z.number(),
      dueMonth: z.number(),
      constantSymbol: z.string().nullable(),
      noticeText: z.string().nullable(),
    })
    .nullable(),
  currency: z.enum(["CZK", "EUR"]),
});
export type PaymentSettings = NonNullable<z.infer<typeof paymentSettingsAnswer>["settings"]>;

/** The due date of a fee year: the settings' day and month in that year (ISO date). */
export const dueDateOf = (s: Pick<PaymentSettings, "dueDay" | "dueMonth">, year: number): string =>
  `${year}-${String(s.dueMonth).padStart(2, "0")}-${String(s.dueDay).padStart(2, "0")}`;

/**
 * How long a merged document's file is kept (days after it was finished; housekeeping deletes it then). A large
 * municipality's file is hundreds of megabytes in the database, and a new one is made in minutes from the current
 * fees, which an old file no longer shows.
 */
export const NOTICE_FILE_DAYS = 30;

export const noticeYearQuery = z.object({ year: yearField });

export const NOTICE_JOB_KINDS = ["Document", "Mail"] as const;
export const NOTICE_JOB_STATES = ["Queued", "Running", "Done", "Failed"] as const;

/**
 * POST …/payment-notice/job: 'Document' writes every notice of the year into one PDF; 'Mail' e-mails the notices
 * of the chosen fees' payers (the Fees screen's checked rows), or (no ids) those of every payer with an address.
 */
export const noticeJobBody = z.object({
  kind: z.enum(NOTICE_JOB_KINDS),
  year: yearField,
  feeIds: selectedIds.optional(),
});

export const noticeJobItem = z.object({
  id: z.number(),
  kind: z.enum(NOTICE_JOB_KINDS),
  year: z.number(),
  state: z.enum(NOTICE_JOB_STATES),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  failures: z.array(
    z.object({ feePayerId: z.number(), name: z.string(), email: z.string().nullable(), error: z.string() }),
  ),
  fileSize: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type NoticeJobItem = z.infer<typeof noticeJobItem>;

/** The latest document and the latest mailing of the year (null before the first). */
export const noticeJobsAnswer = z.object({ document: noticeJobItem.nullable(), mailing: noticeJobItem.nullable() });

/** One payer's notice sent: where to. */
export const noticeSentAnswer = z.object({ email: z.string() });

/** The messages the API answers (translated by the screens like every Czech message). */
export const NO_PAYMENT_SETTINGS_MESSAGE = "Obec nemá nastavené platební údaje (účet a splatnost).";
export const NOTHING_TO_PAY_MESSAGE = "Plátce nemá za tento rok nic k úhradě.";
export const NO_EMAIL_MESSAGE = "Plátce nemá e-mailovou adresu.";
export const NO_NOTICE_FEE_MESSAGE = "Poplatek plátce za tento rok nebyl nalezen.";
