/**
 * Payment notices by e-mail (issue 14 part 6): one payer's notice from its fee's row, or the year's notices of the
 * chosen payers (or every payer with an address and something to pay) as a mailing job (jobs.ts). A mailing sends in
 * payer-id order and records after each payer how far it got, so a job taken over after a restart resumes there and
 * nobody gets a notice twice.
 */
import type { Db } from "../../db/client";
import { ApiError } from "../../lib/errors";
import type { Mailer } from "../../lib/mail";
import { NO_EMAIL_MESSAGE, NOTHING_TO_PAY_MESSAGE } from "#contract/payment-notice";
import { duePayerIds, noticePayers, type NoticePayer } from "./data";
import { message, payerDone, type NoticeJobRow } from "./job-progress";
import { noticeFileName, noticeOfFee, noticePdf } from "./notices";
import { noticeDue, noticeMoney, type NoticeContext } from "./pdf";
import { noticeTexts } from "./texts";

const MAIL_NOT_CONFIGURED = "Odesílání e-mailů není nastaveno.";
const PAGE = 50;

async function sendNotice(mailer: Mailer, payer: NoticePayer, ctx: NoticeContext): Promise<string> {
  const email = payer.email?.trim();
  if (!email) throw new ApiError(409, NO_EMAIL_MESSAGE);
  if (Number(payer.due) <= 0) throw new ApiError(409, NOTHING_TO_PAY_MESSAGE);
  const t = noticeTexts[ctx.municipality.language];
  const dueDate = noticeDue(ctx).text;
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

/**
 * A mailing job's work: the notices in payer-id order after the last payer reached. A chosen payer without an
 * address is counted as failed with the reason, and so is a payer whose send failed (the mail server refused); the
 * mailing goes on. Chosen payers with nothing to pay are left out (they are not in the total either).
 */
export async function mailNotices(
  db: Db,
  mailer: Mailer | undefined,
  job: NoticeJobRow,
  ctx: NoticeContext,
  signal?: AbortSignal,
): Promise<void> {
  if (!mailer) throw new ApiError(503, MAIL_NOT_CONFIGURED);
  const ids = job.feePayerIds ?? undefined;
  let afterId = job.lastFeePayerId;
  for (;;) {
    if (signal?.aborted) throw signal.reason;
    const page = await duePayerIds(db, job.municipalityId, job.year, { afterId, limit: PAGE, ids, withEmail: !ids });
    if (page.length === 0) return;
    for (const payer of await noticePayers(db, job.municipalityId, job.year, page)) {
      const failure = await sendNotice(mailer, payer, ctx).then(
        () => null,
        (err: unknown) => ({ feePayerId: payer.feePayerId, name: payer.name, email: payer.email, error: message(err) }),
      );
      await payerDone(db, job.id, payer.feePayerId, failure);
    }
    afterId = page[page.length - 1]!;
  }
}
