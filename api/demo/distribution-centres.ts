/**
 * Demo distribution centres of Třebíč (issue 15 part 3; docs/distribution-centres.md): two centres where residents
 * collect bins and bags, each with one member of staff (a municipality worker who signs in with the demo password),
 * written through the centre services. The demo distribution reports (api/demo/, the reports' own file) are written
 * into these centres: `seedDemoDistributionCentres` returns them, and they are found by DEMO_CENTRES' names too.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { role, user, userMunicipality } from "../db/schema";
import { createCentre } from "../modules/distribution-centre/service";
import { addCentreUser } from "../modules/distribution-centre/users";

/** The demo centres with their member of staff (user names `<userName>`, password DEMO_PASSWORD). */
export const DEMO_CENTRES = [
  {
    name: "Výdejní místo Hrotovická",
    phone: "+420 568 896 410",
    email: "vydej.hrotovicka@trebic.example",
    staff: { userName: "vydej.hrotovicka", firstName: "Lenka", lastName: "Horáková" },
  },
  {
    name: "Výdejní místo Borovina",
    phone: "+420 568 896 420",
    email: "vydej.borovina@trebic.example",
    staff: { userName: "vydej.borovina", firstName: "Tomáš", lastName: "Kratochvíl" },
  },
] as const;

export type DemoCentre = { id: number; name: string; userId: number };

export async function seedDemoDistributionCentres(
  tx: Db,
  municipalityId: number,
  passwordHash: string,
): Promise<DemoCentre[]> {
  const [worker] = await tx.select({ id: role.id }).from(role).where(eq(role.name, "MUNICIPALITY_WORKER"));
  const out: DemoCentre[] = [];
  for (const c of DEMO_CENTRES) {
    const { id } = await createCentre(tx, municipalityId, { name: c.name, phone: c.phone, email: c.email });
    const [staff] = await tx
      .insert(user)
      .values({
        ...c.staff,
        email: `${c.staff.userName}@odpady.example`,
        passwordHash,
        roleId: worker!.id,
        municipalityId,
      })
      .returning({ id: user.id });
    await tx.insert(userMunicipality).values({ userId: staff!.id, municipalityId });
    await addCentreUser(tx, municipalityId, id, { userId: staff!.id, move: false });
    out.push({ id, name: c.name, userId: staff!.id });
  }
  return out;
}
