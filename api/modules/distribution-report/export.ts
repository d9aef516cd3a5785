/**
 * The distribution reports as CSV (one line per sub row; a report without rows is one line) and the same file sent
 * by e-mail as a background job (api/jobs/distribution-report-mail.ts, like the yard protocol's e-mail).
 * UTF-8 with BOM and ';' so that a Czech spreadsheet opens it as is, like the imports' error CSV.
 */
import type { Db } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import type { Mailer } from "../../lib/mail";
import {
  OUTCOME_LABELS,
  RECORD_TYPE_LABELS,
  STATE_LABELS,
  type DistributionReportExportQuery,
  type DistributionReportItem,
  type ExportMailBody,
} from "#contract/distribution-report";
import { csvCell } from "../import/service";
import { reportPage } from "./service";
import { NO_MAILER } from "../yard-report/mail";

export const CSV_HEADERS = [
  "Číslo hlášení",
  "Datum",
  "Stav",
  "Distribuční centrum",
  "Odběrné místo",
  "Adresa",
  "Počet záznamů",
  "Popis hlášení",
  "Výsledek zpracování",
  "Pořadí záznamu",
  "Typ záznamu",
  "Poplatník",
  "Kód",
  "Typ nádoby",
  "Druh odpadu",
  "Objednaný počet vývozů",
  "Popis záznamu",
  "Výsledek záznamu",
  "Zpráva",
];

const PAGE = 1_000;

function linesOf(r: DistributionReportItem): string {
  const head = [
    r.id,
    r.reportDate,
    STATE_LABELS[r.state],
    r.centreName,
    r.subjectName,
    r.subjectAddress,
    r.recordCount,
    r.description,
    r.resultMessage,
  ];
  const rows = r.records.length
    ? r.records.map((x) => [
        x.position,
        RECORD_TYPE_LABELS[x.type],
        x.feePayerName,
        x.code,
        x.binTypeName,
        x.wasteTypeName,
        x.orderedDisposeCount,
        x.description,
        x.outcome ? OUTCOME_LABELS[x.outcome] : null,
        x.message,
      ])
    : [Array<null>(10).fill(null)];
  return rows.map((row) => [...head, ...row].map(csvCell).join(";") + "\r\n").join("");
}

/** The filtered reports in the list's order, read a page at a time. */
export async function* reportsCsv(
  db: Db,
  municipalityId: number,
  q: DistributionReportExportQuery,
): AsyncGenerator<string> {
  yield "\uFEFF" + CSV_HEADERS.map(csvCell).join(";") + "\r\n";
  for (let offset = 0; ; offset += PAGE) {
    const page = await reportPage(db, municipalityId, q, { limit: PAGE, offset });
    if (page.length) yield page.map(linesOf).join("");
    if (page.length < PAGE) return;
  }
}

export const csvFileName = (today: string) => `hlaseni-distribucnich-center-${today}.csv`;

export interface ExportMailJob {
  municipalityId: number;
  query: DistributionReportExportQuery;
  email: string;
}

/** 'Odeslat e-mailem': the export is made and sent by a job, so a large export never holds the request. */
export async function requestExportMail(
  jobs: JobQueue,
  municipalityId: number,
  query: DistributionReportExportQuery,
  body: ExportMailBody,
) {
  await jobs.send("distribution-report-mail", { municipalityId, query, email: body.email } satisfies ExportMailJob);
  return { email: body.email };
}

/** The job: one attempt; a failure throws, and the queue tries again (3 retries with backoff). */
export async function sendExportMail(db: Db, mailer: Mailer | undefined, job: ExportMailJob): Promise<void> {
  if (!mailer) throw new Error(NO_MAILER);
  let csv = "";
  for await (const chunk of reportsCsv(db, job.municipalityId, job.query)) csv += chunk;
  const day = new Date().toISOString().slice(0, 10);
  await mailer.send({
    to: job.email,
    subject: "Hlášení distribučních center",
    text:
      "Dobrý den,\n\nv příloze posíláme hlášení distribučních center (soubor CSV, jeden řádek na záznam hlášení).\n\n" +
      "S pozdravem\nOdpadové hospodářství obce\n",
    attachments: [
      { filename: csvFileName(day), content: Buffer.from(csv, "utf8"), contentType: "text/csv; charset=utf-8" },
    ],
  });
}
