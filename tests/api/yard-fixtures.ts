/** What the yard tests start from: a yard open every day, and the catalogue's waste types by name. */
import { and, eq, isNull } from "drizzle-orm";
import { wasteType } from "../../api/db/schema";
import { createdId, type TestApi } from "./helpers";

/** A yard's create body, open 08:00–17:00 every day. */
export const openYardBody = (name: string) => ({
  name,
  reportPrintType: "basic",
  schedule: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, openTime: "08:00", closeTime: "17:00" })),
  exceptions: [],
});

/** The id of the catalogue's (no municipality's) waste type of this name. */
export async function catalogueWaste(t: TestApi, name: string) {
  const [w] = await t.db
    .select({ id: wasteType.id })
    .from(wasteType)
    .where(and(eq(wasteType.name, name), isNull(wasteType.municipalityId)));
  return w!.id;
}

/** One weight range of a fee period: from `fromKg` up to `toKg` (open above when absent) at `value` per kg. */
type FeeRange = { fromKg: string; toKg?: string; value: string };

/** A yard waste's create body: the catalogue's waste of this name, one fee period from 2020 at `vatRate` %. */
export async function yardWasteBody(t: TestApi, name: string, vatRate: string | number, ranges: FeeRange[]) {
  return { wasteTypeId: await catalogueWaste(t, name), fees: [{ validFrom: "2020-01-01", vatRate, ranges }] };
}

/** Adds a waste to a yard of municipality `m` as its manager: the yard waste's id. */
export async function addYardWaste(t: TestApi, m: number, yardId: number, body: object) {
  return createdId(
    await t.call("POST", `/municipality/${m}/collection-yard/${yardId}/waste`, { as: "manager", json: body }),
  );
}

/** A visit's create body: the payer's visit at the yard on the day with its wastes, paid in cash. */
export const cashVisit = (
  feePayerId: number,
  yardId: number,
  reportDate: string,
  records: { yardWasteId: number; quantity: string }[],
) => ({ feePayerId, yardId, reportDate, paymentType: "Cash", records });
