/**
 * The fee engine tests' world (fee-engine.test.ts, fee-runs.test.ts): a municipality of each example's own, its
 * subjects, payers, discounts, wastes, bins, emptyings and programme, a recalculation run through the API and its
 * queue, and the fees and lines it wrote.
 */
import { expect } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import {
  baseFeeSetting,
  binType,
  discount,
  fee,
  feePayerDiscount,
  motivationActivation,
  motivationInterval,
  motivationProgramme,
  municipality,
  subject,
  subjectFeePayer,
  wasteEvidenceHeader,
  wasteEvidenceRecord,
  wasteType,
} from "../../api/db/schema";
import { today } from "../../api/modules/subject/membership";
import { finishedCalculation, insertResident, type TestApi } from "./helpers";

export const Y = 2025;
export const CURRENT = Number(today().slice(0, 4));
export const feeUrl = (m: number, rest = "") => `/municipality/${m}/fee${rest}`;

/** The helpers over a test file's API (`api()`: set once its beforeAll has run). */
export function feeWorld(api: () => TestApi) {
  let seq = 0;
  /** A municipality of the example's own, with a base fee for the year (unless `baseFee` is null). */
  async function town(
    opts: { baseFee?: string | null; min?: string; max?: string | null; country?: "CZ" | "SK"; year?: number } = {},
  ) {
    const [m] = await api()
      .db.insert(municipality)
      .values({ name: `Obec ${++seq}`, country: opts.country ?? "CZ" })
      .returning({ id: municipality.id });
    if (opts.baseFee !== null)
      await api()
        .db.insert(baseFeeSetting)
        .values({
          municipalityId: m!.id,
          year: opts.year ?? Y,
          baseFee: opts.baseFee ?? "900",
          minFeePercent: opts.min ?? "0",
          maxFeePercent: opts.max ?? null,
        });
    return m!.id;
  }

  async function place(M: number, values: Partial<typeof subject.$inferInsert> = {}) {
    const [s] = await api()
      .db.insert(subject)
      .values({ municipalityId: M, type: "House", name: `Dům ${++seq}`, ...values })
      .returning({ id: subject.id });
    return s!.id;
  }

  /** A payer active from `from` (to `to`), member of `subjectId` over the same days unless memberships are given. */
  async function payer(
    M: number,
    opts: {
      from?: string;
      to?: string | null;
      born?: string | null;
      subjectId?: number;
      memberships?: { subjectId: number; from: string; to?: string | null }[];
    } = {},
  ) {
    const from = opts.from ?? `${Y - 5}-01-01`;
    const payer = await insertResident(api().db, M, {
      lastName: `Plátce ${++seq}`,
      variableSymbol: String(seq),
      dateOfBirth: opts.born ?? null,
      activeFrom: from,
      activeTo: opts.to ?? null,
    });
    const memberships = opts.memberships ?? (opts.subjectId ? [{ subjectId: opts.subjectId, from, to: opts.to }] : []);
    for (const ms of memberships)
      await api()
        .db.insert(subjectFeePayer)
        .values({
          municipalityId: M,
          subjectId: ms.subjectId,
          feePayerId: payer,
          validFrom: ms.from,
          validTo: ms.to ?? null,
        });
    return payer;
  }

  async function ageDiscount(M: number, name: string, from: number | null, until: number | null, amount: string) {
    const [d] = await api()
      .db.insert(discount)
      .values({
        municipalityId: M,
        name,
        type: "Age",
        group: "Child",
        ageFrom: from,
        ageUntil: until,
        feeDiscount: amount,
      })
      .returning({ id: discount.id });
    return d!.id;
  }

  async function otherDiscount(M: number, name: string, amount: string, payers: number[]) {
    const [d] = await api()
      .db.insert(discount)
      .values({ municipalityId: M, name, type: "Other", group: name, feeDiscount: amount })
      .returning({ id: discount.id });
    for (const p of payers) await api().db.insert(feePayerDiscount).values({ feePayerId: p, discountId: d!.id });
    return d!.id;
  }

  /** The municipality's waste types (mixed 200301, paper sorted) and a 120 l bin type. */
  async function wastes(M: number) {
    const [mixed] = await api()
      .db.insert(wasteType)
      .values({ municipalityId: M, name: "Směsný komunální odpad", catalogCode: "200301", sorted: false })
      .returning({ id: wasteType.id });
    const [paper] = await api()
      .db.insert(wasteType)
      .values({ municipalityId: M, name: "Papír", catalogCode: "200101", sorted: true })
      .returning({ id: wasteType.id });
    const [bt] = await api()
      .db.insert(binType)
      .values({ municipalityId: M, name: "Popelnice 120 l", category: "Bin", capacity: 120 })
      .returning({ id: binType.id });
    return { mixed: mixed!.id, paper: paper!.id, bin120: bt!.id };
  }

  /** A bin of the subject (assigned header) of the given waste. */
  async function binOf(M: number, subjectId: number, binTypeId: number, wasteTypeId: number) {
    const code = `FE${++seq}`;
    const [h] = await api()
      .db.insert(wasteEvidenceHeader)
      .values({
        municipalityId: M,
        barcode: code,
        plainCode: code,
        binTypeId,
        wasteTypeId,
        subjectId,
        state: "Assigned",
      })
      .returning({ id: wasteEvidenceHeader.id });
    return h!.id;
  }

  /** `count` emptyings of the bin in the year, each weighing `kg` (the acknowledged weight). */
  async function emptied(
    M: number,
    subjectId: number,
    headerId: number,
    wasteTypeId: number,
    count: number,
    kg: string,
  ) {
    const rows = Array.from({ length: count }, (_, i) => ({
      municipalityId: M,
      subjectId,
      headerId,
      wasteTypeId,
      collectedAt: new Date(Date.UTC(Y, i % 12, 1 + Math.floor(i / 12), 6, 0, 0)),
      acknowledgedWeightKg: kg,
      origin: "Manual",
    }));
    await api().db.insert(wasteEvidenceRecord).values(rows);
  }

  async function programme(
    M: number,
    values: Partial<typeof motivationProgramme.$inferInsert> & { type: string },
    intervals: [string, string | null, string][] = [],
    year = Y,
  ) {
    const [p] = await api()
      .db.insert(motivationProgramme)
      .values({ municipalityId: M, ...values })
      .returning({ id: motivationProgramme.id });
    for (const [fromValue, toValue, discountPercent] of intervals)
      await api().db.insert(motivationInterval).values({ programmeId: p!.id, fromValue, toValue, discountPercent });
    await api().db.insert(motivationActivation).values({ municipalityId: M, programmeId: p!.id, year });
    return p!.id;
  }

  /** POST recalculate, then the finished calculation (the worker of the test's queue runs it). */
  async function calculate(M: number, year = Y) {
    const res = await api().call("POST", feeUrl(M, "/calculation"), { as: "admin", json: { year } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return finished(M, res.body.id);
  }

  const finished = (M: number, id: number) => finishedCalculation(api(), M, id);

  /** The year's fee of a payer at a subject (null subject: none). */
  async function feeOf(M: number, payerId: number, subjectId: number | null = null, year = Y) {
    const rows = await api()
      .db.select()
      .from(fee)
      .where(
        and(
          eq(fee.municipalityId, M),
          eq(fee.year, year),
          eq(fee.feePayerId, payerId),
          subjectId === null ? sql`${fee.subjectId} is null` : eq(fee.subjectId, subjectId),
        ),
      );
    expect(rows, `one fee of payer ${payerId} at ${subjectId}`).toHaveLength(1);
    return rows[0]!;
  }

  const money = (f: typeof fee.$inferSelect) => ({
    baseFee: f.baseFee,
    binFee: f.binFee,
    motivationFee: f.motivationFee,
    motivationDiscount: f.motivationDiscount,
    totalFee: f.totalFee,
    totalDiscount: f.totalDiscount,
    finalFee: f.finalFee,
  });

  async function lines(M: number, feeId: number) {
    const res = await api().call("GET", feeUrl(M, `/${feeId}/explanation`), { as: "admin" });
    expect(res.status).toBe(200);
    return Object.fromEntries((res.body.lines as { type: string }[]).map((l) => [l.type, l]));
  }
  return {
    town,
    place,
    payer,
    ageDiscount,
    otherDiscount,
    wastes,
    binOf,
    emptied,
    programme,
    calculate,
    finished,
    feeOf,
    money,
    lines,
  };
}
