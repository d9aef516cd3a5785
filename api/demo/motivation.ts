/**
 * Demo motivation programme (issue 14 part 5): Třebíč rewards sorting — SortRatio with the intervals (0; 20] 0 %,
 * (20; 40] 5 %, (40; 60] 10 %, above 60 15 %, Legacy distribution — active for the current fee year. It writes only
 * the programme and its activation: the fees demo seed calculates the year's fees afterwards, so it must run after
 * this one.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { motivationActivation, motivationInterval, motivationProgramme, user } from "../db/schema";
import { currentYear } from "../modules/motivation-programme/service";

export const DEMO_SORT_RATIO_INTERVALS = [
  { fromValue: "0", toValue: "20", discountPercent: "0" },
  { fromValue: "20", toValue: "40", discountPercent: "5" },
  { fromValue: "40", toValue: "60", discountPercent: "10" },
  { fromValue: "60", toValue: null, discountPercent: "15" },
];

export async function seedDemoMotivation(tx: Db, trebicId: number): Promise<void> {
  const [manager] = await tx.select({ id: user.id }).from(user).where(eq(user.userName, "manager"));
  const [programme] = await tx
    .insert(motivationProgramme)
    .values({
      municipalityId: trebicId,
      type: "SortRatio",
      discountDistribution: "Legacy",
      whyNot: "Vytříděný papír, plasty a sklo nekončí na skládce a obec za ně dostává peníze zpět – ušetříte i vy.",
      version: 1,
    })
    .returning({ id: motivationProgramme.id });
  await tx
    .insert(motivationInterval)
    .values(DEMO_SORT_RATIO_INTERVALS.map((i) => ({ ...i, programmeId: programme!.id })));
  await tx.insert(motivationActivation).values({
    municipalityId: trebicId,
    programmeId: programme!.id,
    year: currentYear(),
    activatedBy: manager?.id ?? null,
  });
}
