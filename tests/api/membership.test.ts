/**
 * Spec 001 §4 'a payer belongs to a subject for a period': the shared membership rules (api/modules/subject/membership.ts)
 * and the recount that follows the calendar (server.ts runs it at start and hourly).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { subject, subjectFeePayer } from "../../api/db/schema";
import { endMemberships, joinSubject, refreshAllMemberCounts } from "../../api/modules/subject/membership";
import { setupApiWithIds, type TestApi, inDays, insertResident } from "./helpers";

let t: TestApi;
let municipalityId: number;
beforeAll(async () => ({ t, A: municipalityId } = await setupApiWithIds()));
afterAll(() => t?.close());

async function newSubject(name: string) {
  const [s] = await t.db
    .insert(subject)
    .values({ municipalityId, type: "Household", name })
    .returning({ id: subject.id });
  return s!.id;
}
const newPayer = (lastName: string) => insertResident(t.db, municipalityId, { lastName });
const memberCount = async (id: number) =>
  (await t.db.select({ n: subject.memberCount }).from(subject).where(eq(subject.id, id)))[0]!.n;

describe("memberships of fee payers in subjects", () => {
  it("joining counts only memberships valid today; a second chief takes the flag", async () => {
    const s = await newSubject("Členství A");
    const [p1, p2, p3] = [await newPayer("Malý"), await newPayer("Velký"), await newPayer("Budoucí")];
    await joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p1, validFrom: inDays(-30), isChief: true });
    await joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p2, validFrom: inDays(-1), isChief: true });
    await joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p3, validFrom: inDays(10) });
    expect(await memberCount(s)).toBe(2);
    const rows = await t.db.select().from(subjectFeePayer).where(eq(subjectFeePayer.subjectId, s));
    expect(rows.filter((r) => r.isChief).map((r) => r.feePayerId)).toEqual([p2]);
  });

  it("refuses an overlapping membership of the same payer and an end before the start", async () => {
    const s = await newSubject("Členství B");
    const p = await newPayer("Dvojí");
    await joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p, validFrom: inDays(-10) });
    await expect(
      joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p, validFrom: inDays(-5) }),
    ).rejects.toMatchObject({
      status: 422,
      errors: { feePayerId: ["Poplatník je k tomuto odběrnému místu v tomto období už přiřazen."] },
    });
    await expect(
      joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p, validFrom: inDays(5), validTo: inDays(1) }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("ending keeps the row as history and recounts; a future membership ends on its first day", async () => {
    const s = await newSubject("Členství C");
    const [p1, p2] = [await newPayer("Odchozí"), await newPayer("Pozdní")];
    await joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p1, validFrom: inDays(-100), isChief: true });
    await joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p2, validFrom: inDays(20) });
    expect(await memberCount(s)).toBe(1);
    expect(await endMemberships(t.db, { feePayerId: p1 }, inDays(-1))).toEqual([s]);
    await endMemberships(t.db, { feePayerId: p2 }, inDays(-1));
    expect(await memberCount(s)).toBe(0);
    const rows = await t.db.select().from(subjectFeePayer).where(eq(subjectFeePayer.subjectId, s));
    expect(rows).toHaveLength(2);
    const byPayer = new Map(rows.map((r) => [r.feePayerId, r]));
    expect(byPayer.get(p1)).toMatchObject({ validTo: inDays(-1), isChief: false });
    expect(byPayer.get(p2)).toMatchObject({ validFrom: inDays(20), validTo: inDays(20) });
  });

  it("the periodic recount follows the calendar", async () => {
    const s = await newSubject("Členství D");
    const p = await newPayer("Stálý");
    await joinSubject(t.db, { municipalityId, subjectId: s, feePayerId: p, validFrom: inDays(-3) });
    // A stored count that the calendar has made wrong (as after midnight) is corrected; others are left alone.
    await t.db.update(subject).set({ memberCount: 5 }).where(eq(subject.id, s));
    expect(await refreshAllMemberCounts(t.db)).toBeGreaterThanOrEqual(1);
    expect(await memberCount(s)).toBe(1);
    expect(await refreshAllMemberCounts(t.db)).toBe(0);
  });
});
