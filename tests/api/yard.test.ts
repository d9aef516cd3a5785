/**
 * Spec 001 §2 Collection yards and Yard visits, §3 Collection yard, Yard waste configuration, Yard visit, §4 mail
 * status, §5 'a yard-visit e-mail export requires an e-mail address', §9 VAT rates, payment types, units, through
 * /v1/municipality/{id}/collection-yard and …/yard-report (docs/yards.md): CRUD with schedule and exceptions, the
 * waste configuration with fee periods, visits with the fee from the ranges with VAT, per-field 422, tenancy and
 * permissions, the protocol PDF read with pdftotext, and the e-mail read from the outbox.
 */
import { DUPLICATE_WASTE_MESSAGE } from "#contract/yard-report";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addYardWaste, catalogueWaste } from "./yard-fixtures";
import { eq } from "drizzle-orm";
import { feePayer, subject, subjectFeePayer, yardReport } from "../../api/db/schema";
import { STALE_VERSION_MESSAGE } from "#contract/common";
import { createdId, insertResident, pdfText, setupApiWithIds, type TestApi } from "./helpers";
import { readEml } from "./eml";
import { sendProtocolMail } from "../../api/modules/yard-report/mail";

let t: TestApi;
let A: number;
let B: number;
const yards = (m: number, rest = "") => `/municipality/${m}/collection-yard${rest}`;
const visits = (m: number, rest = "") => `/municipality/${m}/yard-report${rest}`;

const week = Array.from({ length: 7 }, (_, i) =>
  i < 5 ? { weekday: i + 1, openTime: "08:00", closeTime: "17:30", closed: false } : { weekday: i + 1, closed: "on" },
);
const yardBody = (over: Record<string, unknown> = {}) => ({
  name: "Sběrný dvůr Třebíč – Hrotovická",
  street: "Hrotovická 1190",
  city: "Třebíč",
  zipCode: "674 01",
  reportPrintType: "weighing",
  icz: "CZJ00123",
  zuj: "590266",
  operatorIdentificationNumber: "60751596",
  operatorName: "ESOMO s.r.o.",
  zoneCode: "Z1",
  schedule: week,
  exceptions: [
    { day: "2026-12-24", description: "Štědrý den" },
    { day: "", description: "" },
  ],
  ...over,
});

const catalogue = (name: string) => catalogueWaste(t, name);

/** 0–50 kg free, 50–200 at 2.50 Kč/kg, above at 3.10 Kč/kg, VAT 21 % (the worked example of docs/yards.md). */
const fees = [
  {
    validFrom: "2026-01-01",
    validTo: "",
    vatRate: "21",
    ranges: [
      { fromKg: "0", toKg: "50", value: "0", note: "zdarma" },
      { fromKg: "50", toKg: "200", value: "2,50", note: "" },
      { fromKg: "200", toKg: "", value: "3.10", note: "" },
      { fromKg: "", toKg: "", value: "", note: "" },
    ],
  },
];

const payer = (m: number, over: Partial<typeof feePayer.$inferInsert> = {}) =>
  insertResident(t.db, m, { firstName: "Jana", lastName: "Dvořáková", ...over });

let yardId: number;
let bulkyId: number;
let glassId: number;
let payerId: number;

beforeAll(async () => {
  ({ t, A, B } = await setupApiWithIds());
  yardId = createdId(await t.call("POST", yards(A), { as: "manager", json: yardBody() }));
  bulkyId = await addYardWaste(t, A, yardId, {
    wasteTypeId: await catalogue("Objemný odpad"),
    capacityKg: "20000",
    defaultWeightKg: "25",
    code: "OBJ",
    fees,
  });
  glassId = await addYardWaste(t, A, yardId, {
    wasteTypeId: await catalogue("Sklo"),
    useMemberCount: "on",
    fees: [{ validFrom: "2026-01-01", vatRate: 0, ranges: [{ fromKg: "0", toKg: "10", value: "1" }] }],
  });
  payerId = await payer(A, { streetAddress: "Karlovo nám. 1", city: "Třebíč", zipCode: "67401" });
});
afterAll(() => t?.close());

describe("collection yards (spec 001 §2 Collection yards, §3 Collection yard)", () => {
  it("stores the yard with its weekly schedule and exceptions (blank rows dropped) and lists it", async () => {
    const detail = await t.call("GET", yards(A, `/${yardId}`), { as: "worker" });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      name: "Sběrný dvůr Třebíč – Hrotovická",
      zipCode: "67401",
      reportPrintType: "weighing",
      zuj: "590266",
      operatorName: "ESOMO s.r.o.",
      version: 0,
      exceptions: [{ day: "2026-12-24", description: "Štědrý den" }],
    });
    expect(detail.body.schedule[0]).toEqual({ weekday: 1, openTime: "08:00", closeTime: "17:30", closed: false });
    expect(detail.body.schedule[6]).toEqual({ weekday: 7, openTime: null, closeTime: null, closed: true });
    expect(detail.body.wastes.map((w: any) => w.wasteName)).toEqual(["Objemný odpad", "Sklo"]);
    expect(detail.body.wastes[0].fees).toEqual([
      {
        validFrom: "2026-01-01",
        validTo: null,
        vatRate: 21,
        ranges: [
          { fromKg: "0.000", toKg: "50.000", value: "0.00", note: "zdarma" },
          { fromKg: "50.000", toKg: "200.000", value: "2.50", note: null },
          { fromKg: "200.000", toKg: null, value: "3.10", note: null },
        ],
      },
    ]);

    const list = await t.call("GET", yards(A), { as: "manager", query: { operator: "esomo" } });
    expect(list.body).toMatchObject({ total: 1, items: [{ id: yardId, icz: "CZJ00123" }] });
    expect((await t.call("GET", yards(A), { as: "manager", query: { operator: "jiný" } })).body.total).toBe(0);
  });

  it("answers 422 per field: schedule times, ZÚJ, a duplicate exception day, overlapping ranges, a bad VAT rate", async () => {
    const bad = await t.call("POST", yards(A), {
      as: "manager",
      json: yardBody({
        name: " ",
        zuj: "12",
        schedule: [{ weekday: 1, openTime: "17:00", closeTime: "08:00" }, ...week.slice(1)],
        exceptions: [{ day: "2026-05-01" }, { day: "2026-05-01" }],
      }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      name: ["Vyplňte toto pole."],
      zuj: ["ZÚJ má 6 číslic."],
      "schedule.0.closeTime": ["Zavírá se po otevření."],
      "exceptions.1.day": ["Den je uveden dvakrát."],
    });
    const badFee = await t.call("POST", yards(A, `/${yardId}/waste`), {
      as: "manager",
      json: {
        wasteTypeId: await catalogue("Kovy"),
        fees: [
          {
            validFrom: "2026-01-01",
            vatRate: "20",
            ranges: [
              { fromKg: "0", toKg: "100", value: "1" },
              { fromKg: "50", toKg: "", value: "2" },
            ],
          },
        ],
      },
    });
    expect(badFee.status).toBe(422);
    expect(badFee.body.errors).toEqual({ "fees.0.ranges.1.fromKg": ["Pásma se překrývají."] });
    const badVat = await t.call("POST", yards(A, `/${yardId}/waste`), {
      as: "manager",
      json: { wasteTypeId: await catalogue("Kovy"), fees: [{ ...fees[0], vatRate: "19" }] },
    });
    expect(badVat.body.errors).toEqual({ "fees.0.vatRate": ["Vyberte sazbu DPH (0, 10, 15, 20 nebo 21 %)."] });
    const twice = await t.call("POST", yards(A, `/${yardId}/waste`), {
      as: "manager",
      json: { wasteTypeId: await catalogue("Sklo"), fees: [] },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ wasteTypeId: ["Tento odpad už sběrný dvůr má."] });
  });

  it("edits with the version (409 when stale) and replaces the schedule", async () => {
    const id = createdId(await t.call("POST", yards(A), { as: "admin", json: yardBody({ name: "Dvůr k úpravě" }) }));
    const ok = await t.call("PUT", yards(A, `/${id}`), {
      as: "manager",
      json: { ...yardBody({ name: "Dvůr upravený", exceptions: [] }), version: 0 },
    });
    expect(ok.status).toBe(200);
    const stale = await t.call("PUT", yards(A, `/${id}`), { as: "manager", json: { ...yardBody(), version: 0 } });
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toBe(STALE_VERSION_MESSAGE);
    const after = await t.call("GET", yards(A, `/${id}`), { as: "manager" });
    expect(after.body).toMatchObject({ name: "Dvůr upravený", version: 1, exceptions: [] });
    expect((await t.call("DELETE", yards(A, `/${id}`), { as: "admin" })).status).toBe(204);
  });

  it("deactivates a yard waste: it is no longer offered to new visits", async () => {
    const off = await t.call("PATCH", yards(A, `/${yardId}/waste/${glassId}/active`), {
      as: "manager",
      json: { active: false },
    });
    expect(off.body).toEqual({ id: glassId, active: false });
    const options = await t.call("GET", yards(A, "/options"), { as: "worker" });
    expect(options.body.items[0].wastes.map((w: any) => w.id)).toEqual([bulkyId]);
    const refused = await t.call("POST", visits(A), {
      as: "worker",
      json: visitBody({ records: [{ yardWasteId: glassId, quantity: "5" }] }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ "records.0.yardWasteId": ["Tento odpad sběrný dvůr nepřijímá."] });
    await t.call("PATCH", yards(A, `/${yardId}/waste/${glassId}/active`), { as: "manager", json: { active: "true" } });
  });

  it("keeps tenancy and permissions: another municipality's yard is 404, a worker may not edit", async () => {
    expect((await t.call("GET", yards(A, `/${yardId}`), { as: "managerB" })).status).toBe(404);
    expect((await t.call("GET", yards(B, `/${yardId}`), { as: "admin" })).status).toBe(404);
    expect(
      (await t.call("PUT", yards(A, `/${yardId}`), { as: "worker", json: { ...yardBody(), version: 0 } })).status,
    ).toBe(403);
    expect((await t.call("GET", visits(B, "/1"), { as: "admin" })).status).toBe(404);
  });
});

function visitBody(over: Record<string, unknown> = {}) {
  return {
    feePayerId: payerId,
    yardId,
    reportDate: "2026-03-02",
    startTime: "09:10",
    endTime: "09:25",
    paymentType: "Cash",
    records: [
      { yardWasteId: bulkyId, quantity: "0,2", unit: "t", processedAt: "2026-03-02T09:15" },
      { yardWasteId: "", quantity: "" },
    ],
    ...over,
  };
}

describe("yard visits (spec 001 §2 Yard visits): the fee from the ranges with VAT", () => {
  it("records a visit; 0.2 t is 200 kg, the top of the 2.50 Kč range: 500.00 + 105.00 VAT", async () => {
    const id = createdId(await t.call("POST", visits(A), { as: "worker", json: visitBody() }));
    const detail = await t.call("GET", visits(A, `/${id}`), { as: "worker" });
    expect(detail.body).toMatchObject({
      feePayerName: "Jana Dvořáková",
      yardName: "Sběrný dvůr Třebíč – Hrotovická",
      totalWeightKg: "200.000",
      feeWithoutVat: "500.00",
      vat: "105.00",
      fee: "605.00",
      paymentType: "Cash",
      paid: false,
      mailStatus: null,
      evidenceCount: 1,
      startTime: "09:10",
      reportPrintType: "weighing",
      records: [
        {
          wasteName: "Objemný odpad",
          quantity: "0.200",
          unit: "t",
          quantityKg: "200.000",
          vatRate: 21,
          fee: "605.00",
          processedAt: "2026-03-02T08:15:00.000Z",
        },
      ],
    });
  });

  it("sums several wastes; glass uses the member count of the payer's collection point", async () => {
    const [s] = await t.db
      .insert(subject)
      .values({ municipalityId: A, type: "Household", name: "Dům 4 členové", memberCount: 4 })
      .returning({ id: subject.id });
    await t.db
      .insert(subjectFeePayer)
      .values({ municipalityId: A, subjectId: s!.id, feePayerId: payerId, validFrom: "2020-01-01" });
    const id = createdId(
      await t.call("POST", visits(A), {
        as: "worker",
        json: visitBody({
          records: [
            { yardWasteId: bulkyId, quantity: "50.001" },
            // 4 members: 0–40 kg at 1 Kč/kg, VAT 0 %.
            { yardWasteId: glassId, quantity: "40" },
          ],
        }),
      }),
    );
    const d = (await t.call("GET", visits(A, `/${id}`), { as: "worker" })).body;
    expect(d.records.map((r: any) => r.fee)).toEqual(["151.25", "40.00"]);
    expect(d).toMatchObject({ totalWeightKg: "90.001", feeWithoutVat: "165.00", vat: "26.25", fee: "191.25" });
    // 40.001 kg of glass matches no range of 4 members: no fee.
    const over = createdId(
      await t.call("POST", visits(A), {
        as: "worker",
        json: visitBody({ records: [{ yardWasteId: glassId, quantity: "40.001" }] }),
      }),
    );
    expect((await t.call("GET", visits(A, `/${over}`), { as: "worker" })).body).toMatchObject({ fee: "0.00" });
    // The same waste on two lines would price each half in a lower range: refused on the second line's waste.
    const split = await t.call("POST", visits(A), {
      as: "worker",
      json: visitBody({
        records: [
          { yardWasteId: bulkyId, quantity: "50" },
          { yardWasteId: bulkyId, quantity: "50" },
        ],
      }),
    });
    expect(split.status).toBe(422);
    expect(split.body.errors).toEqual({ "records.1.yardWasteId": [DUPLICATE_WASTE_MESSAGE] });
  });

  it("answers 422 per field for a visit without payer, wastes or with a bad quantity, unit or time", async () => {
    const bad = await t.call("POST", visits(A), {
      as: "worker",
      json: visitBody({ feePayerId: "", paymentType: "Card", records: [] }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      feePayerId: ["Vyberte poplatníka."],
      paymentType: ["Vyberte způsob platby."],
      records: ["Zadejte alespoň jeden odpad."],
    });
    // Cross-field checks once the fields themselves are right.
    const late = await t.call("POST", visits(A), { as: "worker", json: visitBody({ endTime: "08:00" }) });
    expect(late.body.errors).toEqual({ endTime: ["Konec návštěvy je před jejím začátkem."] });
    const q = await t.call("POST", visits(A), {
      as: "worker",
      json: visitBody({
        records: [
          { yardWasteId: bulkyId, quantity: "0" },
          { yardWasteId: bulkyId, quantity: "1", unit: "l" },
        ],
      }),
    });
    expect(q.body.errors).toMatchObject({
      "records.0.quantity": ["Zadejte množství větší než 0 (nejvýše 3 desetinná místa)."],
      "records.1.unit": ["Vyberte jednotku."],
    });
    const otherPayer = await payer(B);
    const foreign = await t.call("POST", visits(A), { as: "worker", json: visitBody({ feePayerId: otherPayer }) });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ feePayerId: ["Vyberte poplatníka."] });
  });

  it("lists visits with the spec's columns and filters, marks one paid and deletes one", async () => {
    const id = createdId(
      await t.call("POST", visits(A), {
        as: "worker",
        json: visitBody({ reportDate: "2026-03-09", paymentType: "Invoice" }),
      }),
    );
    const list = await t.call("GET", visits(A), {
      as: "worker",
      query: { paymentType: "Invoice", search: "dvorakova" },
    });
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({
      id,
      reportDate: "2026-03-09",
      feePayerName: "Jana Dvořáková",
      municipalityName: t.fixtures.municipalities.a.name,
      wastes: [{ name: "Objemný odpad", quantity: "0.200", unit: "t" }],
      evidenceCount: 1,
      totalWeightKg: "200.000",
      fee: "605.00",
      manuallyUpdated: false,
      clientId: null,
    });
    const paid = await t.call("PATCH", visits(A, `/${id}/paid`), { as: "worker", json: { paid: "on" } });
    expect(paid.body).toEqual({ id, paid: true });
    expect(
      (await t.call("GET", visits(A), { as: "worker", query: { paid: "true" } })).body.items.map((i: any) => i.id),
    ).toEqual([id]);
    const range = await t.call("GET", visits(A), {
      as: "worker",
      query: { dateFrom: "2026-03-03", dateTo: "2026-03-31" },
    });
    expect(range.body.items.map((i: any) => i.id)).toEqual([id]);
    expect((await t.call("DELETE", visits(A, `/${id}`), { as: "worker" })).status).toBe(204);
    expect((await t.call("GET", visits(A, `/${id}`), { as: "worker" })).status).toBe(404);
  });
});

describe("the protocol (spec 001 §2 'print protocol', 'send protocol by e-mail')", () => {
  let id: number;
  beforeAll(async () => {
    id = createdId(await t.call("POST", visits(A), { as: "worker", json: visitBody() }));
  });

  it("is a PDF with the yard, payer, wastes, quantities, fee, VAT and signature lines (weighing layout by default)", async () => {
    const res = await t.call("GET", visits(A, `/${id}/protocol`), { as: "worker" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(res.body);
    if (text === null) return;
    for (const s of [
      `Vážní protokol č. ${id}`,
      "Sběrný dvůr Třebíč – Hrotovická",
      "IČZ: CZJ00123",
      "Jana Dvořáková",
      "Karlovo nám. 1",
      "200307 Objemný odpad",
      "0,2 t",
      "200 kg",
      "21 %",
      "Poplatek bez DPH: 500,00 Kč",
      "DPH: 105,00 Kč",
      "Poplatek celkem: 605,00 Kč",
      "Předal (poplatník)",
      "Převzal (obsluha sběrného dvora)",
    ]) {
      expect(text.replace(/\u00a0/g, " ")).toContain(s);
    }
    const basic = pdfText(
      (await t.call("GET", visits(A, `/${id}/protocol`), { as: "worker", query: { layout: "basic" } })).body,
    );
    expect(basic).toContain(`Protokol o převzetí odpadu č. ${id}`);
  });

  it("needs an address to be e-mailed (422)", async () => {
    const res = await t.call("POST", visits(A, `/${id}/mail`), { as: "worker", json: { email: " " } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: ["Zadejte e-mail, na který se protokol pošle."] });
  });

  it("is e-mailed by a job: Pending, then Sent, the PDF attached; the address is stored on the payer when asked", async () => {
    const before = t.outbox().length;
    const res = await t.call("POST", visits(A, `/${id}/mail`), {
      as: "worker",
      json: { email: "jana@example.cz", storeOnFeePayer: "on" },
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id, mailStatus: "Pending" });
    const until = Date.now() + 20_000;
    let status: string | null = "Pending";
    while (status === "Pending" && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await t.call("GET", visits(A, `/${id}`), { as: "worker" })).body.mailStatus;
    }
    expect(status).toBe("Sent");
    const files = t.outbox().slice(before);
    expect(files).toHaveLength(1);
    const mail = readEml(files[0]!);
    expect(mail.to).toBe("jana@example.cz");
    expect(mail.subject).toBe(`Vážní protokol č. ${id} – Sběrný dvůr Třebíč – Hrotovická`);
    expect(mail.text).toContain("v příloze posíláme vážní protokol");
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe(`protokol-${id}.pdf`);
    const text = pdfText(mail.attachments[0]!.content);
    if (text !== null) expect(text.replace(/\u00a0/g, " ")).toContain("Poplatek celkem: 605,00 Kč");
    const [p] = await t.db.select({ email: feePayer.email }).from(feePayer).where(eq(feePayer.id, payerId));
    expect(p!.email).toBe("jana@example.cz");
    const [row] = await t.db.select().from(yardReport).where(eq(yardReport.id, id));
    expect(row).toMatchObject({ mailTo: "jana@example.cz", mailAttempts: 1, mailError: null });
  });
});

describe("mail status (spec 001 §4 Pending, Sent, Failed)", () => {
  it("a failed attempt marks the visit Failed with the reason and throws (the queue retries); a later one Sent", async () => {
    const id = createdId(await t.call("POST", visits(A), { as: "worker", json: visitBody() }));
    await t.db.update(yardReport).set({ mailStatus: "Pending", mailTo: "x@example.cz" }).where(eq(yardReport.id, id));
    const down = { kind: "smtp" as const, send: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:25")) };
    await expect(sendProtocolMail(t.db, down, id)).rejects.toThrow("ECONNREFUSED");
    const failed = (await t.call("GET", visits(A, `/${id}`), { as: "worker" })).body;
    expect(failed).toMatchObject({ mailStatus: "Failed", mailError: "connect ECONNREFUSED 127.0.0.1:25" });
    expect(
      (await t.call("GET", visits(A), { as: "worker", query: { mailStatus: "Failed" } })).body.items.map(
        (i: any) => i.id,
      ),
    ).toEqual([id]);
    const sent: string[] = [];
    await sendProtocolMail(t.db, { kind: "smtp", send: async (m) => (sent.push(m.to), { messageId: "1" }) }, id);
    const [row] = await t.db.select().from(yardReport).where(eq(yardReport.id, id));
    expect(row).toMatchObject({ mailStatus: "Sent", mailError: null, mailAttempts: 2 });
    expect(sent).toEqual(["x@example.cz"]);
  });
});
