/**
 * Demo collection yard of Třebíč (issue 15): the yard on Hrotovická with its opening hours and a closing day, five
 * wastes with capacities and fees (bulky waste by weight ranges with 21 % VAT, bio waste free up to 100 kg, glass,
 * metals and paper free), and three weeks of visits by the register's fee payers, recorded through the services,
 * so the fee of each visit is the fee rule's own (docs/yards.md).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { feePayer, wasteType, yardReport } from "../db/schema";
import { addYardWaste } from "../modules/collection-yard/wastes";
import { createYardReport } from "../modules/yard-report/service";
import { createYard } from "../modules/collection-yard/service";
import { daysBefore } from "#contract/calendar";
import { today } from "../modules/subject/membership";
import { oldestRows } from "./rows";
import type { YardWasteForm } from "#contract/yard";

const free = (validFrom: string): YardWasteForm["fees"] => [
  { validFrom, vatRate: 0, ranges: [{ fromKg: "0", value: "0", note: "zdarma pro poplatníky" }] },
];

export async function seedDemoYards(tx: Db, municipalityId: number): Promise<void> {
  const day = today();
  const yearStart = `${Number(day.slice(0, 4)) - 1}-01-01`;
  const { id: yardId } = await createYard(tx, municipalityId, {
    name: "Sběrný dvůr Hrotovická",
    street: "Hrotovická 1190",
    city: "Třebíč",
    zipCode: "67401",
    reportPrintType: "weighing",
    icz: "CZJ00590",
    zuj: "590266",
    operatorIdentificationNumber: "60751596",
    operatorName: "ESKO-T s.r.o.",
    zoneCode: "TR-1",
    schedule: [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
      weekday <= 5
        ? { weekday, openTime: "08:00", closeTime: "17:30", closed: false }
        : weekday === 6
          ? { weekday, openTime: "08:00", closeTime: "12:00", closed: false }
          : { weekday, closed: true },
    ),
    exceptions: [
      { day: `${day.slice(0, 4)}-12-24`, description: "Štědrý den" },
      { day: `${day.slice(0, 4)}-12-31`, description: "Silvestr – inventura" },
    ],
  });
  const catalogue = async (name: string) => {
    const [w] = await tx
      .select({ id: wasteType.id })
      .from(wasteType)
      .where(and(eq(wasteType.name, name), isNull(wasteType.municipalityId)));
    return w!.id;
  };
  const add = async (
    name: string,
    form: Omit<YardWasteForm, "wasteTypeId" | "useMemberCount"> & { useMemberCount?: boolean },
  ) =>
    (
      await addYardWaste(tx, municipalityId, yardId, {
        useMemberCount: false,
        ...form,
        wasteTypeId: await catalogue(name),
      })
    ).id;
  const bulky = await add("Objemný odpad", {
    capacityKg: "12000",
    defaultWeightKg: "40",
    code: "OBJ",
    fees: [
      {
        validFrom: yearStart,
        vatRate: 21,
        ranges: [
          { fromKg: "0", toKg: "50", value: "0", note: "zdarma" },
          { fromKg: "50", toKg: "200", value: "2.50" },
          { fromKg: "200", value: "3.10", note: "velké množství" },
        ],
      },
    ],
  });
  const bio = await add("Biologicky rozložitelný odpad", {
    capacityKg: "20000",
    defaultWeightKg: "30",
    code: "BIO",
    useMemberCount: true,
    fees: [
      {
        validFrom: yearStart,
        vatRate: 21,
        ranges: [
          { fromKg: "0", toKg: "25", value: "0", note: "25 kg na člena domácnosti zdarma" },
          { fromKg: "25", value: "0.80" },
        ],
      },
    ],
  });
  const glass = await add("Sklo", { capacityKg: "3000", defaultWeightKg: "10", code: "SKL", fees: free(yearStart) });
  const metal = await add("Kovy", { capacityKg: "5000", defaultWeightKg: "15", code: "KOV", fees: free(yearStart) });
  const paper = await add("Papír a lepenka", {
    capacityKg: "4000",
    defaultWeightKg: "12",
    code: "PAP",
    fees: free(yearStart),
  });

  const payers = await oldestRows(tx, feePayer, municipalityId);
  if (!payers.length) return;
  // Three weeks of visits, a few a day (none on Sundays), the same every time the demo is made.
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor(seed / 65536) % n;
  };
  const wastes = [bulky, bio, glass, metal, paper];
  const payments = ["Cash", "Cash", "Cash", "Invoice", "Transfer"] as const;
  for (let back = 21; back >= 0; back--) {
    const date = daysBefore(day, back);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) continue;
    const count = 2 + next(3);
    for (let i = 0; i < count; i++) {
      const hour = 8 + next(8);
      const minute = next(40);
      const kinds = 1 + next(2);
      const taken: number[] = [];
      const records = Array.from({ length: kinds }, (_, k) => {
        // Bulky waste, the one with a fee, comes most often; a visit names each waste once (its fee range is by
        // the waste's whole quantity).
        let waste = k === 0 && next(2) === 0 ? bulky : wastes[(next(5) + k) % 5]!;
        if (taken.includes(waste)) waste = wastes[(wastes.indexOf(waste) + 1) % 5]!;
        taken.push(waste);
        const kg = waste === bulky ? 20 + next(260) : 5 + next(90);
        return { yardWasteId: waste, quantity: `${kg}.${next(10)}`, unit: "kg" as const };
      });
      const time = (h: number, m: number) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
      const { id } = await createYardReport(tx, municipalityId, {
        feePayerId: payers[next(payers.length)]!.id,
        yardId,
        reportDate: date,
        startTime: time(hour, minute),
        endTime: time(hour, minute + 5 + next(10)),
        paymentType: payments[next(payments.length)]!,
        records,
      });
      // Older visits paid at the counter; a few protocols went out by e-mail.
      if (back > 2 || next(2)) await tx.update(yardReport).set({ paid: true }).where(eq(yardReport.id, id));
      if (next(6) === 0) {
        await tx
          .update(yardReport)
          .set({ mailStatus: "Sent", mailTo: "obcan@example.cz", mailAttempts: 1, mailSentAt: new Date() })
          .where(eq(yardReport.id, id));
      }
    }
  }
}
