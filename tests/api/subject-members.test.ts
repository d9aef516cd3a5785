/**
 * Subject API tests: members: GET/POST subject/{id}/fee-payers, chief, end; waste cards of the subject: list, virtual
 * card, remove; GET subject/{id}/fees. Shared setup in ./subject-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { fee, subjectFeePayer, wasteCard } from "../../api/db/schema";
import { today } from "../../api/modules/subject/membership";
import { isValidVirtualCardCode } from "../../api/modules/subject/waste-card-code";
import { luhnCheckDigit } from "#contract/codes";
import { inDays, expectRefused } from "./helpers";
import { t, A, B, url, insertSubject, insertPayer, rowOf, setupSubjectTests } from "./subject-fixtures";

setupSubjectTests();

describe("members: GET/POST subject/{id}/fee-payers, chief, end", () => {
  it("adds members, keeps one chief, ends a membership as history, and recounts member_count", async () => {
    const id = await insertSubject(A, { name: "Rodina Svobodova" });
    const [jan, eva, petr] = [
      await insertPayer(A, "Svoboda", "Jan"),
      await insertPayer(A, "Svobodová", "Eva"),
      await insertPayer(A, "Svoboda", "Petr"),
    ];
    const add = (feePayerId: number, validFrom: string, isChief = false) =>
      t.call("POST", url(A, `/${id}/fee-payers`), { as: "manager", json: { feePayerId, validFrom, isChief } });

    const r1 = await add(jan, inDays(-100), true);
    expect(r1.status).toBe(201);
    expect(r1.body).toEqual({ id: expect.any(Number) });
    const r2 = await add(eva, inDays(-10));
    const r3 = await add(petr, inDays(30));
    expect((await rowOf(id))!.memberCount).toBe(2);

    // The same payer again over the same period, a payer of B, and a bad date are refused.
    const twice = await add(jan, inDays(-5));
    expect(twice.status).toBe(422);
    expect(twice.body.errors.feePayerId).toEqual(["Poplatník je k tomuto odběrnému místu v tomto období už přiřazen."]);
    const foreign = await add(await insertPayer(B, "Cizinec"), inDays(-1));
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ feePayerId: ["Poplatník nebyl nalezen."] });
    const badDate = await add(eva, "2025-02-30");
    expect(badDate.status).toBe(422);
    expect(badDate.body.errors.validFrom).toEqual(["Zadejte platné datum."]);

    // Chief: setting Eva clears Jan; a future member cannot be chief.
    const chief = await t.call("PATCH", url(A, `/${id}/fee-payers/${r2.body.id}/chief`), {
      as: "manager",
      json: { isChief: true },
    });
    expect(chief.status).toBe(200);
    expect(chief.body).toEqual({ id: r2.body.id, isChief: true });
    const flags = await t.db
      .select({ id: subjectFeePayer.id, isChief: subjectFeePayer.isChief })
      .from(subjectFeePayer)
      .where(eq(subjectFeePayer.subjectId, id));
    expect(flags.filter((f) => f.isChief).map((f) => f.id)).toEqual([r2.body.id]);
    const future = await t.call("PATCH", url(A, `/${id}/fee-payers/${r3.body.id}/chief`), {
      as: "manager",
      json: { isChief: true },
    });
    expect(future.status).toBe(422);
    expect(future.body.errors.isChief).toEqual(["Vedoucím může být jen současný člen odběrného místa."]);
    const unset = await t.call("PATCH", url(A, `/${id}/fee-payers/${r2.body.id}/chief`), {
      as: "manager",
      json: { isChief: false },
    });
    expect(unset.body).toEqual({ id: r2.body.id, isChief: false });
    expect(
      await t.db
        .select()
        .from(subjectFeePayer)
        .where(and(eq(subjectFeePayer.subjectId, id), eq(subjectFeePayer.isChief, true))),
    ).toEqual([]);

    // End Jan's membership yesterday: the row stays, the count drops.
    const end = await t.call("POST", url(A, `/${id}/fee-payers/${r1.body.id}/end`), {
      as: "manager",
      json: { validTo: inDays(-1) },
    });
    expect(end.status).toBe(200);
    expect(end.body).toEqual({ id: r1.body.id, validTo: inDays(-1) });
    expect((await rowOf(id))!.memberCount).toBe(1);
    const tooEarly = await t.call("POST", url(A, `/${id}/fee-payers/${r2.body.id}/end`), {
      as: "manager",
      json: { validTo: inDays(-50) },
    });
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body.errors.validTo).toBeDefined();

    // The list: current first, then history; each by start, latest first.
    const list = await t.call("GET", url(A, `/${id}/fee-payers`), { as: "worker" });
    expect(list.status).toBe(200);
    expect(list.body.items.map((m: { membershipId: number; current: boolean }) => [m.membershipId, m.current])).toEqual(
      [
        [r2.body.id, true],
        [r3.body.id, false],
        [r1.body.id, false],
      ],
    );
    expect(list.body.items[0]).toEqual({
      membershipId: r2.body.id,
      feePayerId: eva,
      name: "Eva Svobodová",
      type: "Resident",
      dateOfBirth: "1980-05-01",
      variableSymbol: null,
      validFrom: inDays(-10),
      validTo: null,
      isChief: false,
      current: true,
    });
  });

  it("joining another subject moves the payer: the membership elsewhere ends the day before (no overlap)", async () => {
    const home = await insertSubject(A, { name: "Stěhování odkud" });
    const next = await insertSubject(A, { name: "Stěhování kam" });
    const p = await insertPayer(A, "Stěhovavý");
    const join = (subjectId: number, validFrom: string) =>
      t.call("POST", url(A, `/${subjectId}/fee-payers`), { as: "manager", json: { feePayerId: p, validFrom } });
    const first = await join(home, inDays(-60));
    expect(first.status).toBe(201);
    expect((await rowOf(home))!.memberCount).toBe(1);

    const moved = await join(next, inDays(-10));
    expect(moved.status).toBe(201);
    const rows = await t.db
      .select({
        subjectId: subjectFeePayer.subjectId,
        validFrom: subjectFeePayer.validFrom,
        validTo: subjectFeePayer.validTo,
      })
      .from(subjectFeePayer)
      .where(eq(subjectFeePayer.feePayerId, p));
    expect(rows.sort((a, b) => a.validFrom.localeCompare(b.validFrom))).toEqual([
      { subjectId: home, validFrom: inDays(-60), validTo: inDays(-11) },
      { subjectId: next, validFrom: inDays(-10), validTo: null },
    ]);
    expect((await rowOf(home))!.memberCount).toBe(0);
    expect((await rowOf(next))!.memberCount).toBe(1);

    // A third subject from a day before the move: the later membership elsewhere is the clerk's call, not a move.
    const third = await insertSubject(A, { name: "Stěhování jinam" });
    const early = await join(third, inDays(-20));
    expect(early.status).toBe(422);
    expect(early.body.errors.validFrom).toEqual([
      expect.stringMatching(/^Poplatník je od .* přiřazen k jinému odběrnému místu\.$/),
    ]);
  });

  it("a membership of another subject is not found under this one", async () => {
    const s1 = await insertSubject(A, { name: "Členové 1" });
    const s2 = await insertSubject(A, { name: "Členové 2" });
    const p = await insertPayer(A, "Cizí člen");
    const m = await t.call("POST", url(A, `/${s1}/fee-payers`), {
      as: "manager",
      json: { feePayerId: p, validFrom: inDays(-3) },
    });
    for (const [method, rest, json] of [
      ["PATCH", `/fee-payers/${m.body.id}/chief`, { isChief: true }],
      ["POST", `/fee-payers/${m.body.id}/end`, { validTo: inDays(-1) }],
    ] as const) {
      const res = await t.call(method, url(A, `/${s2}${rest}`), { as: "manager", json });
      expect(res.status).toBe(404);
      expect(res.body.Message).toBe("Poplatník u tohoto odběrného místa nebyl nalezen.");
    }
    expect(await t.db.select().from(subjectFeePayer).where(eq(subjectFeePayer.id, m.body.id))).toMatchObject([
      { validTo: null, isChief: false },
    ]);
  });
});

describe("waste cards of the subject: list, virtual card, remove", () => {
  it("the check digit of virtual card codes (Luhn)", () => {
    expect(luhnCheckDigit("7992739871")).toBe(3);
    expect(isValidVirtualCardCode("V0000000018")).toBe(true);
    expect(isValidVirtualCardCode("V0000000017")).toBe(false);
  });

  it("creates a virtual card (Assigned, from today, unique code), optionally for a current member; removes it", async () => {
    const id = await insertSubject(A, { name: "Karty" });
    const member = await insertPayer(A, "Kartový");
    const outsider = await insertPayer(A, "Nečlen");
    await t.call("POST", url(A, `/${id}/fee-payers`), {
      as: "manager",
      json: { feePayerId: member, validFrom: inDays(-5) },
    });

    const plain = await t.call("POST", url(A, `/${id}/waste-cards/virtual`), { as: "manager", json: {} });
    expect(plain.status).toBe(201);
    expect(plain.body).toEqual({ id: expect.any(Number), code: expect.stringMatching(/^V\d{10}$/) });
    expect(isValidVirtualCardCode(plain.body.code)).toBe(true);
    const [row] = await t.db.select().from(wasteCard).where(eq(wasteCard.id, plain.body.id));
    expect(row).toMatchObject({
      municipalityId: A,
      subjectId: id,
      feePayerId: null,
      state: "Assigned",
      virtual: true,
      validFrom: today(),
      code: plain.body.code,
      plainCode: plain.body.code.slice(0, 10),
    });

    const forMember = await t.call("POST", url(A, `/${id}/waste-cards/virtual`), {
      as: "manager",
      json: { feePayerId: String(member) },
    });
    expect(forMember.status).toBe(201);
    expect(forMember.body.code).not.toBe(plain.body.code);
    await expectRefused(
      t.call("POST", url(A, `/${id}/waste-cards/virtual`), {
        as: "manager",
        json: { feePayerId: outsider },
      }),
      { feePayerId: ["Poplatník není současným členem tohoto odběrného místa."] },
    );

    const [physical] = await t.db
      .insert(wasteCard)
      .values({
        municipalityId: A,
        plainCode: "555000",
        code: "5550001",
        subjectId: id,
        feePayerId: member,
        state: "Assigned",
        validFrom: "2024-01-01",
      })
      .returning({ id: wasteCard.id });
    const list = await t.call("GET", url(A, `/${id}/waste-cards`), { as: "worker" });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(3);
    expect(list.body.items.find((c: { id: number }) => c.id === forMember.body.id)).toMatchObject({
      feePayerId: member,
      feePayerName: "Jan Kartový",
      state: "Assigned",
      virtual: true,
    });
    expect(list.body.items.find((c: { id: number }) => c.id === physical!.id)).toEqual({
      id: physical!.id,
      plainCode: "555000",
      code: "5550001",
      feePayerId: member,
      feePayerName: "Jan Kartový",
      state: "Assigned",
      validFrom: "2024-01-01",
      validTo: null,
      virtual: false,
    });

    // Remove: a virtual card is deleted, a physical one released.
    expect((await t.call("DELETE", url(A, `/${id}/waste-cards/${plain.body.id}`), { as: "manager" })).status).toBe(204);
    expect(await t.db.select().from(wasteCard).where(eq(wasteCard.id, plain.body.id))).toEqual([]);
    expect((await t.call("DELETE", url(A, `/${id}/waste-cards/${physical!.id}`), { as: "manager" })).status).toBe(204);
    expect((await t.db.select().from(wasteCard).where(eq(wasteCard.id, physical!.id)))[0]).toMatchObject({
      subjectId: null,
      feePayerId: null,
      state: "Free",
    });
    // A card that is not the subject's (now released) is not found under it.
    const again = await t.call("DELETE", url(A, `/${id}/waste-cards/${physical!.id}`), { as: "manager" });
    expect(again.status).toBe(404);
    expect(again.body.Message).toBe("Karta nebyla u tohoto odběrného místa nalezena.");
    expect(
      (await t.call("GET", url(A, `/${id}/waste-cards`), { as: "manager" })).body.items.map(
        (c: { id: number }) => c.id,
      ),
    ).toEqual([forMember.body.id]);
  });
});

describe("GET subject/{id}/fees", () => {
  it("yearly rows (or the year's monthly sums), monthly rows of the chosen year, years with data", async () => {
    const id = await insertSubject(A, { name: "Poplatky" });
    const [jan, eva] = [await insertPayer(A, "Poplatník", "Jan"), await insertPayer(A, "Poplatníková", "Eva")];
    const money = (base: string, total: string, final: string) => ({
      baseFee: base,
      binFee: "0.10",
      motivationFee: "0",
      totalDiscount: "0.05",
      totalFee: total,
      finalFee: final,
    });
    await t.db.insert(fee).values([
      { municipalityId: A, subjectId: id, feePayerId: jan, year: 2024, ...money("700.00", "700.00", "650.00") },
      { municipalityId: A, subjectId: id, feePayerId: eva, year: 2024, ...money("700.00", "700.00", "700.00") },
      // 2025: monthly rows only.
      { municipalityId: A, subjectId: id, feePayerId: jan, year: 2025, month: 1, ...money("58.33", "58.33", "58.33") },
      { municipalityId: A, subjectId: id, feePayerId: jan, year: 2025, month: 2, ...money("58.34", "58.34", "50.01") },
      { municipalityId: A, subjectId: id, feePayerId: eva, year: 2025, month: 1, ...money("58.33", "58.33", "58.33") },
    ]);
    const yearly = await t.call("GET", url(A, `/${id}/fees`), { as: "manager" });
    expect(yearly.status).toBe(200);
    expect(yearly.body.years).toEqual([2025, 2024]);
    expect(yearly.body.items).toEqual([
      {
        year: 2025,
        month: null,
        feePayerName: "Eva Poplatníková",
        baseFee: "58.33",
        binFee: "0.10",
        motivationFee: "0.00",
        totalDiscount: "0.05",
        totalFee: "58.33",
        finalFee: "58.33",
      },
      {
        year: 2025,
        month: null,
        feePayerName: "Jan Poplatník",
        baseFee: "116.67",
        binFee: "0.20",
        motivationFee: "0.00",
        totalDiscount: "0.10",
        totalFee: "116.67",
        finalFee: "108.34",
      },
      {
        year: 2024,
        month: null,
        feePayerName: "Eva Poplatníková",
        baseFee: "700.00",
        binFee: "0.10",
        motivationFee: "0.00",
        totalDiscount: "0.05",
        totalFee: "700.00",
        finalFee: "700.00",
      },
      {
        year: 2024,
        month: null,
        feePayerName: "Jan Poplatník",
        baseFee: "700.00",
        binFee: "0.10",
        motivationFee: "0.00",
        totalDiscount: "0.05",
        totalFee: "700.00",
        finalFee: "650.00",
      },
    ]);
    const monthly = await t.call("GET", url(A, `/${id}/fees`), { as: "manager", query: { view: "monthly" } });
    expect(monthly.body.years).toEqual([2025, 2024]);
    expect(
      monthly.body.items.map((r: { month: number; feePayerName: string; finalFee: string }) => [
        r.month,
        r.feePayerName,
        r.finalFee,
      ]),
    ).toEqual([
      [1, "Eva Poplatníková", "58.33"],
      [1, "Jan Poplatník", "58.33"],
      [2, "Jan Poplatník", "50.01"],
    ]);
    const monthly2024 = await t.call("GET", url(A, `/${id}/fees`), {
      as: "manager",
      query: { view: "monthly", year: 2024 },
    });
    expect(monthly2024.body.items).toEqual([]);
    const none = await insertSubject(A, { name: "Bez poplatků" });
    expect((await t.call("GET", url(A, `/${none}/fees`), { as: "manager", query: { view: "monthly" } })).body).toEqual({
      items: [],
      years: [],
    });
    expect((await t.call("GET", url(A, `/${id}/fees`), { as: "manager", query: { view: "weekly" } })).status).toBe(422);
  });
});
