/**
 * Payment notices by e-mail (issue 14 part 6): one payer's notice from its fee's row, or a mailing of the year's
 * notices to the chosen payers (or every payer with an address and something to pay) as a background job on the
 * 'payment-notice-mail' queue. A mailing sends in payer-id order and records after each payer how far it got, so a
 * job taken over after a restart resumes there and nobody gets a notice twice.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentNoticeMailing } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import { ApiError } from "../../lib/errors";
import type { Mailer } from "../../lib/mail";
import { iso } from "../../lib/records";
import { formatDate } from "#contract/calendar";
import { dueDateOf, NO_EMAIL_MESSAGE, NOTHING_TO_PAY_MESSAGE, type NoticeMailingItem } from "#contract/payment-notice";
import { countDuePayers, duePayerIds, noticePayers, type NoticePayer } from "./data";
import { noticeContext, noticeFileName, noticeOfFee, noticePdf } from "./notices";
import { noticeMoney, type NoticeContext } from "./pdf";
import { NOTICE_TEXTS } from "./texts";

const MAIL_NOT_CONFIGURED = "Odesílání e-mailů není nastaveno.";
const FAILURES_KEPT = 200;
const PAGE = 50;

async function sendNotice(mailer: Mailer, payer: NoticePayer, ctx: NoticeContext): Promise<string> {
  const email = payer.email?.trim();
  if (!email) throw new ApiError(409, NO_EMAIL_MESSAGE);
  if (Number(payer.due) <= 0) throw new ApiError(409, NOTHING_TO_PAY_MESSAGE);
  const t = NOTICE_TEXTS[ctx.municipality.language];
  const dueDate = formatDate(dueDateOf(ctx.settings, ctx.year), ctx.municipality.language);
  await mailer.send({
    to: email,
    subject: t.mailSubject(ctx.year, ctx.municipality.name),
    text: t.mailBody(payer.name, ctx.year, noticeMoney(payer.due, ctx), dueDate, ctx.municipality.name),
    attachments: [
      { filename: noticeFileName(payer, ctx), content: await noticePdf(payer, ctx), contentType: "application/pdf" },
    ],
  });
  return email;
}

/** POST …/fee/:feeId/payment-notice/email: the fee's payer's notice of its year, to the payer's address. */
export async function sendNoticeOfFee(db: Db, mailer: Mailer | undefined, municipalityId: number, feeId: number) {
  if (!mailer) throw new ApiError(503, MAIL_NOT_CONFIGURED);
  const { payer, ctx } = await noticeOfFee(db, municipalityId, feeId);
  return { email: await sendNotice(mailer, payer, ctx) };
}

/** POST …/payment-notice/mailing: records the mailing with its total and queues it (202). */
export async function requestMailing(
  db: Db,
  jobs: JobQueue,
  userId: number,
  municipalityId: number,
  body: { year: number; feePayerIds?: number[] },
): Promise<{ id: number }> {
  await noticeContext(db, municipalityId, body.year); // 409 without payment settings, before anything is queued
  const ids = body.feePayerIds ? [...new Set(body.feePayerIds)] : null;
  // All payers: those with an address; chosen ones: each with something to pay (one without an address is reported).
  const total = await countDuePayers(db, municipalityId, body.year, { ids: ids ?? undefined, withEmail: !ids });
  const [row] = await db
    .insert(paymentNoticeMailing)
    .values({ municipalityId, year: body.year, feePayerIds: ids, total, requestedBy: userId })
    .returning({ id: paymentNoticeMailing.id });
  await jobs.send("payment-notice-mail", { mailingId: row!.id });
  return { id: row!.id };
}

/** GET …/payment-notice/mailing?year=: the latest mailing of the year. */
export async function latestMailing(
  db: Db,
  municipalityId: number,
  year: number,
): Promise<{ mailing: NoticeMailingItem | null }> {
  const [m] = await db
    .select()
    .from(paymentNoticeMailing)
    .where(and(eq(paymentNoticeMailing.municipalityId, municipalityId), eq(paymentNoticeMailing.year, year)))
    .orderBy(desc(paymentNoticeMailing.id))
    .limit(1);
  if (!m) return { mailing: null };
  return {
    mailing: {
      id: m.id,
      year: m.year,
      state: m.state as NoticeMailingItem["state"],
      total: m.total,
      sent: m.sent,
      failed: m.failed,
      failures: m.failures,
      error: m.error,
      createdAt: m.createdAt.toISOString(),
      finishedAt: iso(m.finishedAt),
    },
  };
}

/**
 * The job: claims the mailing (Queued or a Running one taken over), then sends page by page after its last payer.
 * A chosen payer without an address is counted as failed with the reason, and so is a payer whose send failed (the
 * mail server refused); the mailing goes on. Chosen payers with nothing to pay are left out.
 */
export async function runMailing(db: Db, mailer: Mailer | undefined, mailingId: number, signal?: AbortSignal) {
  const [m] = await db
    .update(paymentNoticeMailing)
    .set({ state: "Running", startedAt: sql`coalesce(${paymentNoticeMailing.startedAt}, now())` })
    .where(and(eq(paymentNoticeMailing.id, mailingId), inArray(paymentNoticeMailing.state, ["Queued", "Running"])))
    .returning();
  if (!m) return; // done already, or unknown
  try {
    if (!mailer) throw new ApiError(503, MAIL_NOT_CONFIGURED);
    const ctx = await noticeContext(db, m.municipalityId, m.year);
    const ids = m.feePayerIds ?? undefined;
    let afterId = m.lastFeePayerId;
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const page = await duePayerIds(db, m.municipalityId, m.year, { afterId, limit: PAGE, ids, withEmail: !ids });
      if (page.length === 0) break;
      for (const payer of await noticePayers(db, m.municipalityId, m.year, page)) {
        const failure = await sendNotice(mailer, payer, ctx).then(
          () => null,
          (err: unknown) => ({
            feePayerId: payer.feePayerId,
            name: payer.name,
            email: payer.email,
            error: message(err),
          }),
        );
        await progress(db, m.id, payer.feePayerId, failure);
      }
      afterId = page[page.length - 1]!;
    }
    await db
      .update(paymentNoticeMailing)
      .set({ state: "Done", finishedAt: new Date() })
      .where(eq(paymentNoticeMailing.id, m.id));
  } catch (err) {
    if (signal?.aborted) throw err; // the queue is stopping: the job is tried again and resumes
    await db
      .update(paymentNoticeMailing)
      .set({ state: "Failed", error: message(err), finishedAt: new Date() })
      .where(eq(paymentNoticeMailing.id, m.id));
  }
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function progress(db: Db, id: number, feePayerId: number, failure: NoticeMailingItem["failures"][number] | null) {
  await db
    .update(paymentNoticeMailing)
    .set({
      lastFeePayerId: feePayerId,
      sent: failure ? paymentNoticeMailing.sent : sql`${paymentNoticeMailing.sent} + 1`,
      failed: failure ? sql`${paymentNoticeMailing.failed} + 1` : paymentNoticeMailing.failed,
      failures: failure
        ? sql`case when jsonb_array_length(${paymentNoticeMailing.failures}) < ${FAILURES_KEPT}
            then ${paymentNoticeMailing.failures} || ${JSON.stringify([failure])}::jsonb
            else ${paymentNoticeMailing.failures} end`
        : paymentNoticeMailing.failures,
    })
    .where(eq(paymentNoticeMailing.id, id));
}
