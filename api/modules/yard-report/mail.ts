/**
 * 'Send protocol by e-mail' (spec 001 §2 Yard visits, §4 Mail status Pending/Sent/Failed, §5 an address is required,
 * §8 'Protokol zaslaný e-mailom.'; docs/yards.md). The request marks the visit Pending and queues a job
 * (api/jobs/yard-protocol-mail.ts); the job renders the protocol and sends it, then marks Sent, or Failed with the
 * reason and throws, so that the queue tries again (3 retries with backoff); a later success marks it Sent.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { feePayer, yardReport } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import type { Mailer } from "../../lib/mail";
import type { ProtocolMailBody } from "#contract/yard-report";
import { findYardReport } from "./service";
import { protocolData, protocolHeading, protocolPdf } from "./protocol";

export const NO_MAILER = "Odesílání e-mailů není nastaveno.";

export async function requestProtocolMail(
  db: Db,
  jobs: JobQueue,
  municipalityId: number,
  id: number,
  body: ProtocolMailBody,
) {
  const report = await findYardReport(db, municipalityId, id);
  await db.transaction(async (tx) => {
    if (body.storeOnFeePayer) {
      await tx
        .update(feePayer)
        .set({ email: body.email, updatedAt: new Date(), version: sql`${feePayer.version} + 1` })
        .where(eq(feePayer.id, report.feePayerId));
    }
    await tx
      .update(yardReport)
      .set({ mailStatus: "Pending", mailTo: body.email, mailError: null, updatedAt: new Date() })
      .where(eq(yardReport.id, id));
  });
  await jobs.send("yard-protocol-mail", { yardReportId: id });
  return { id, mailStatus: "Pending" as const };
}

/** The job: one attempt at sending the visit's protocol to its mail_to address. */
export async function sendProtocolMail(db: Db, mailer: Mailer | undefined, yardReportId: number): Promise<void> {
  const [row] = await db
    .select({ municipalityId: yardReport.municipalityId, mailTo: yardReport.mailTo })
    .from(yardReport)
    .where(eq(yardReport.id, yardReportId));
  if (!row?.mailTo) return; // deleted meanwhile, or never asked
  const attempt = { mailAttempts: sql`${yardReport.mailAttempts} + 1`, updatedAt: new Date() };
  try {
    if (!mailer) throw new Error(NO_MAILER);
    const data = await protocolData(db, row.municipalityId, yardReportId);
    const pdf = await protocolPdf(data);
    const title = protocolHeading(data.layout, yardReportId);
    await mailer.send({
      to: row.mailTo,
      subject: `${title} – ${data.yard.name}`,
      text:
        `Dobrý den,\n\nv příloze posíláme ${title.toLowerCase()} z návštěvy sběrného dvora ${data.yard.name} ` +
        `dne ${data.report.reportDate.split("-").reverse().join(". ").replace(/^0/, "")}.\n\n` +
        `S pozdravem\n${data.yard.name}\n`,
      attachments: [{ filename: `protokol-${yardReportId}.pdf`, content: pdf, contentType: "application/pdf" }],
    });
    await db
      .update(yardReport)
      .set({ ...attempt, mailStatus: "Sent", mailError: null, mailSentAt: new Date() })
      .where(eq(yardReport.id, yardReportId));
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await db
      .update(yardReport)
      .set({ ...attempt, mailStatus: "Failed", mailError: reason.slice(0, 1000) })
      .where(eq(yardReport.id, yardReportId));
    throw err;
  }
}
