/** What the yard tests start from: a yard open every day, and the catalogue's waste types by name. */
import { and, eq, isNull } from "drizzle-orm";
import { wasteType } from "../../api/db/schema";
import type { TestApi } from "./helpers";

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
