/** Assigning typed or scanned codes to a subject (spec 001 §4, §8 code assignment errors; docs/decisions/0012). */
import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { wasteCard, wasteEvidenceHeader as weh } from "../../db/schema";
import { parseBarcode, parsePlainCode } from "#contract/codes";
import { ASSIGN_ERROR_MESSAGES, type AssignError, type AssignResult } from "#contract/waste-evidence-header";
import { refreshBinCount } from "../subject/counts";
import { dayStart } from "../../lib/days";
import { ASSIGNED_STATES, checkSubject, checkTypes, writeHistory, type HistoryInput } from "./shared";

/** How a typed or scanned code is looked up (docs/decisions/0012). */
type CodeLookup =
  | { kind: "barcode"; barcode: string }
  | { kind: "plain"; plainCodes: string[] }
  | { kind: "error"; error: AssignError; wasteCardCheck: boolean };

function classifyCode(code: string, municipalityId: number): CodeLookup {
  if (/^\d{13}$/.test(code)) {
    const parsed = parseBarcode(code);
    // 13 digits with a wrong check digit: mistyped, unless it is a waste card's code.
    if (!parsed) return { kind: "error", error: "UndefinedCode", wasteCardCheck: true };
    if (parsed.municipalityId !== municipalityId) {
      return { kind: "error", error: "MunicipalityMismatch", wasteCardCheck: false };
    }
    return { kind: "barcode", barcode: code };
  }
  const plain = parsePlainCode(code);
  // '12' and '0000012' name the same plain code.
  if (plain !== null) return { kind: "plain", plainCodes: [...new Set([String(plain), code])] };
  return { kind: "error", error: "UndefinedCode", wasteCardCheck: true };
}

const failed = (code: string, error: AssignError, id: number | null = null): AssignResult => ({
  code,
  status: "error",
  id,
  error,
  message: ASSIGN_ERROR_MESSAGES[error],
});

export interface AssignInput {
  subjectId: number;
  codes: string[];
  binTypeId?: number;
  wasteTypeId?: number;
  assignedFrom?: string;
  moveEvidences: boolean;
}

/**
 * The create page's assign tab: every code is looked up in this municipality and assigned to the subject when its
 * state allows; the good ones are assigned in one transaction even when others fail, each failure with its error.
 */
export async function assignCodes(
  db: Db,
  municipalityId: number,
  body: AssignInput,
  userId: number,
): Promise<{ assigned: number; results: AssignResult[] }> {
  await checkSubject(db, municipalityId, body.subjectId);
  await checkTypes(db, municipalityId, body.binTypeId, body.wasteTypeId);
  const codes = [...new Set(body.codes.map((c) => c.trim()).filter(Boolean))];
  const lookups = new Map(codes.map((c) => [c, classifyCode(c, municipalityId)]));
  const barcodes: string[] = [];
  const plainCodes: string[] = [];
  for (const l of lookups.values()) {
    if (l.kind === "barcode") barcodes.push(l.barcode);
    if (l.kind === "plain") plainCodes.push(...l.plainCodes);
  }

  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const headers =
      barcodes.length || plainCodes.length
        ? await tx
            .select({
              id: weh.id,
              barcode: weh.barcode,
              plainCode: weh.plainCode,
              state: weh.state,
              subjectId: weh.subjectId,
              disposable: weh.disposable,
            })
            .from(weh)
            .where(
              and(
                eq(weh.municipalityId, municipalityId),
                or(
                  barcodes.length ? inArray(weh.barcode, barcodes) : undefined,
                  plainCodes.length ? inArray(weh.plainCode, plainCodes) : undefined,
                ),
              ),
            )
            .for("update")
        : [];
    const byBarcode = new Map(headers.map((h) => [h.barcode, h]));
    const byPlain = new Map(headers.map((h) => [h.plainCode, h]));
    const headerOf = (l: CodeLookup) =>
      l.kind === "barcode"
        ? byBarcode.get(l.barcode)
        : l.kind === "plain"
          ? l.plainCodes.map((p) => byPlain.get(p)).find(Boolean)
          : undefined;

    // Codes that name no bin: a waste card's code or plain code is 'of another type'.
    const unresolved = codes.filter((c) => {
      const l = lookups.get(c)!;
      return l.kind === "error" ? l.wasteCardCheck : !headerOf(l);
    });
    const cardCodes = new Set<string>();
    if (unresolved.length) {
      const cards = await tx
        .select({ code: wasteCard.code, plainCode: wasteCard.plainCode })
        .from(wasteCard)
        .where(
          and(
            eq(wasteCard.municipalityId, municipalityId),
            or(inArray(wasteCard.code, unresolved), inArray(wasteCard.plainCode, unresolved)),
          ),
        );
      for (const c of cards) cardCodes.add(c.code).add(c.plainCode);
    }

    const results: AssignResult[] = [];
    const toAssign = new Set<number>();
    const usedDisposable: HistoryInput[] = [];
    for (const code of codes) {
      const l = lookups.get(code)!;
      const h = headerOf(l);
      if (!h) {
        if (cardCodes.has(code)) results.push(failed(code, "CodeOfOtherType"));
        else results.push(failed(code, l.kind === "error" ? l.error : "CodeNotFound"));
        continue;
      }
      const ok: AssignResult = { code, status: "assigned", id: h.id, error: null, message: null };
      if (toAssign.has(h.id)) results.push(ok);
      else if (h.state === "Discarded") results.push(failed(code, "Discarded", h.id));
      else if (h.state === "Used" && h.disposable) {
        // A disposable bin is never used again; the attempt stays in its history.
        results.push(failed(code, "AlreadyUsedDisposableBin", h.id));
        if (!usedDisposable.some((u) => u.headerId === h.id)) {
          usedDisposable.push({
            headerId: h.id,
            event: "AlreadyUsedDisposableBin",
            subjectId: h.subjectId,
            userId,
            details: { code, attemptedSubjectId: body.subjectId },
          });
        }
      } else if (ASSIGNED_STATES.has(h.state) && h.subjectId !== null) {
        results.push(h.subjectId === body.subjectId ? ok : failed(code, "SubjectAlreadyAssign", h.id));
      } else {
        // Free, NoBin, Undefined (and an assigned row that lost its subject).
        toAssign.add(h.id);
        results.push(ok);
      }
    }

    const now = new Date();
    if (toAssign.size) {
      await tx
        .update(weh)
        .set({
          state: "Assigned",
          subjectId: body.subjectId,
          assignedAt: now,
          assignedFrom: body.assignedFrom ? dayStart(body.assignedFrom) : now,
          assignedBy: userId,
          discardedAt: null,
          updatedAt: now,
          ...(body.binTypeId ? { binTypeId: body.binTypeId } : {}),
          ...(body.wasteTypeId ? { wasteTypeId: body.wasteTypeId } : {}),
        })
        .where(and(eq(weh.municipalityId, municipalityId), inArray(weh.id, [...toAssign])));
    }
    await writeHistory(
      tx,
      [
        ...[...toAssign].map((headerId): HistoryInput => ({
          headerId,
          event: "Assigned",
          subjectId: body.subjectId,
          userId,
          details: { moveEvidences: body.moveEvidences },
        })),
        ...usedDisposable,
      ],
      now,
    );
    await refreshBinCount(tx, [body.subjectId]);
    return { assigned: results.filter((r) => r.status === "assigned").length, results };
  });
}
