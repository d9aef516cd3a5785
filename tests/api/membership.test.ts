/**
 * Spec 001 §4 'a payer belongs to a subject for a period': the shared membership rules (api/modules/subject/membership.ts)
 * and the recount that follows the calendar (server.ts runs it at start and hourly).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { feePayer, subject, subjectFeePayer } from "../../api/db/schema";
import { endMemberships, joinSubject, refreshAllMemberCounts, today } from "../../api/modules/subject/membership";
import { setupApiWithIds, type TestApi } from "./helpers";

let t: TestApi;
let municipalityId: number;
beforeAll(async () => ({ t, A: municipalityId } = await setupApiWithIds()));
afterAll(() => t?.close());

const shift = (days: number) => {
  const d = new Date(`${today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function newSubject(name: string) {
  const [s] = await t.db
    .insert(subject)
    .values({ municipalityId, type: "Household", name })
    .returning({ id: subject.id });
  return s!.id;
}
async function newPayer(lastName: string) {
  const [p] = await t.db
    .insert(feePayer)
    .values({ municipalityId, type: "Resident", firstName: "Jan", lastName, activeFrom: "2020-01-01" })
    .returning({ id: feePayer.id });
  return p!.id;
}
const memberCount = async (id: number) =>
  (await t.db.select({ n: subject.memberCount }).from(subject).where(eq(subject.id, id)))[0]!.n;

describe("memberships of fee payers in subjects", () => {
  it("joining counts only memberships valid today; a second chief takes the flag", async () => {
    const s = await newSubject("Členství A");
    const [p1, p2, p3] = [await newPayer("Malý"), await newPayer("Velký"), await newPayer("Budoucí")];
    await joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p1, validFrom: shift(-30), isChief: true });
    await joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p2, validFrom: shift(-1), isChief: true });
    await joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p3, validFrom: shift(10) });
    expect(await memberCount(s)).toBe(2);
    const rows = await t.db.select().from(subjectFeePayer).where(eq(subjectFeePayer.subjectId, s));
    expect(rows.filter((r) => r.isChief).map((r) => r.feePayerId)).toEqual([p2]);
  });

  it("refuses an overlapping membership of the same payer and an end before the start", async () => {
    const s = await newSubject("Členství B");
    const p = await newPayer("Dvojí");
    await joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p, validFrom: shift(-10) });
    await expect(
      joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p, validFrom: shift(-5) }),
    ).rejects.toMatchObject({
      status: 422,
      errors: { feePayerId: ["Poplatník je k tomuto odběrnému místu v tomto období už přiřazen."] },
    });
    await expect(
      joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p, validFrom: shift(5), validTo: shift(1) }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("ending keeps the row as history and recounts; a future membership ends on its first day", async () => {
    const s = await newSubject("Členství C");
    const [p1, p2] = [await newPayer("Odchozí"), await newPayer("Pozdní")];
    await joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p1, validFrom: shift(-100), isChief: true });
    await joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p2, validFrom: shift(20) });
    expect(await memberCount(s)).toBe(1);
    expect(await endMemberships(t.db, { feePayerId: p1 }, shift(-1))).toEqual([s]);
    await endMemberships(t.db, { feePayerId: p2 }, shift(-1));
    expect(await memberCount(s)).toBe(0);
    const rows = await t.db.select().from(subjectFeePayer).where(eq(subjectFeePayer.subjectId, s));
    expect(rows).toHaveLength(2);
    const byPayer = new Map(rows.map((r) => [r.feePayerId, r]));
    expect(byPayer.get(p1)).toMatchObject({ validTo: shift(-1), isChief: false });
    expect(byPayer.get(p2)).toMatchObject({ validFrom: shift(20), validTo: shift(20) });
  });

  it("the periodic recount follows the calendar", async () => {
    const s = await newSubject("Členství D");
    const p = await newPayer("Stálý");
    await joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p, validFrom: shift(-3) });
    // A stored count that the calendar has made wrong (as after midnight) is corrected; others are left alone.
    await t.db.update(subject).set({ memberCount: 5 }).where(eq(subject.id, s));
    expect(await refreshAllMemberCounts(t.db)).toBeGreaterThanOrEqual(1);
    expect(await memberCount(s)).toBe(1);
    expect(await refreshAllMemberCounts(t.db)).toBe(0);
  });
});
