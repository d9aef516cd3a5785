/**
 * GET municipality/{id}/yard-report?subjectId=: a collection point's yard visits (its detail's history): the visits of
 * its payers on days they were its members, not before they moved in, not of other payers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subject, subjectFeePayer } from "../../api/db/schema";
import { createdId, insertResident, setupApiWithIds, type TestApi } from "./helpers";
import { addYardWaste, cashVisit, openYardBody, yardWasteBody } from "./yard-fixtures";

let t: TestApi;
let A: number;
let yardId: number;
let glassId: number;
const visits = (m: number) => `/municipality/${m}/yard-report`;

beforeAll(async () => {
  ({ t, A } = await setupApiWithIds());
  yardId = createdId(
    await t.call("POST", `/municipality/${A}/collection-yard`, { as: "manager", json: openYardBody("Dvůr") }),
  );
  glassId = await addYardWaste(t, A, yardId, await yardWasteBody(t, "Sklo", 0, [{ fromKg: "0", value: "1" }]));
});
afterAll(() => t?.close());

describe("yard visits of a collection point", () => {
  it("lists its payers' visits on days they lived there, newest first", async () => {
    const [s] = await t.db
      .insert(subject)
      .values({ municipalityId: A, type: "Household", name: "Dům návštěvníků" })
      .returning({ id: subject.id });
    const [resident, newcomer, stranger] = [
      await insertResident(t.db, A, { lastName: "Usedlý" }),
      await insertResident(t.db, A, { lastName: "Přistěhovalý" }),
      await insertResident(t.db, A, { lastName: "Cizí" }),
    ];
    await t.db.insert(subjectFeePayer).values([
      { municipalityId: A, subjectId: s!.id, feePayerId: resident, validFrom: "2020-01-01" },
      { municipalityId: A, subjectId: s!.id, feePayerId: newcomer, validFrom: "2026-03-01" },
    ]);
    const visit = async (feePayerId: number, day: string) =>
      createdId(
        await t.call("POST", visits(A), {
          as: "worker",
          json: cashVisit(feePayerId, yardId, day, [{ yardWasteId: glassId, quantity: "5" }]),
        }),
      );
    const mine = [await visit(resident, "2026-02-10"), await visit(newcomer, "2026-03-05")];
    await visit(newcomer, "2026-02-20"); // before the newcomer moved in
    await visit(stranger, "2026-03-05");
    const res = await t.call("GET", visits(A), { as: "worker", query: { subjectId: s!.id } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.items.map((v: { id: number }) => v.id)).toEqual([mine[1], mine[0]]);
  });
});
