/**
 * Demo data (README: demo data on first start, DEMO_DATA): a provider (collection agency), two municipalities, the
 * four demo accounts, the register of Třebíč (city.ts), its devices (devices.ts) and bins and waste cards (bins.ts).
 * It sits above the services and writes through them (issue 12 'Layering'): api/db/ never imports it. The caller
 * (server.ts) runs it after the base seed (roles, permissions, catalogue), which it relies on.
 */
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { municipality, municipalityContact, municipalityModule, role, user, userMunicipality } from "../db/schema";
import { hashPassword } from "../lib/password-hash";
import { seedDemoBins } from "./bins";
import { seedDemoCity } from "./city";
import { seedDemoDevices } from "./devices";
import { seedDemoCollections } from "./collections";
import { seedDemoFees } from "./fees";
import { seedDemoExpenditures } from "./expenditures";
import { seedDemoMotivation } from "./motivation";
import { seedDemoPaymentSettings } from "./payment";
import { seedDemoYards } from "./yards";
import { seedDemoDistributionCentres } from "./distribution-centres";

export const DEMO_PASSWORD = "Demo1234!";
export const DEMO_ACCOUNTS = [
  { userName: "admin", firstName: "Alena", lastName: "Správcová", role: "ADMIN" },
  { userName: "readonly", firstName: "Richard", lastName: "Čtenář", role: "ADMIN_READ_ONLY" },
  { userName: "manager", firstName: "Marie", lastName: "Nováková", role: "MUNICIPALITY_MANAGER" },
  { userName: "worker", firstName: "Václav", lastName: "Dvořák", role: "MUNICIPALITY_WORKER" },
] as const;

/** Demo data on first start with an empty database (no user yet); true when made, false (nothing done) otherwise. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(user)) as [{ n: number }];
  if (n > 0) return false;
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [provider] = await tx
      .insert(municipality)
      .values({
        name: "Technické služby Vysočina",
        shortName: "TS Vysočina",
        type: "CollectionAgency",
        kind: "Custom",
        district: "Jihlava",
        country: "CZ",
        identificationNumber: "25596641",
        companyName: "Technické služby Vysočina s.r.o.",
        city: "Jihlava",
        zipCode: "58601",
      })
      .returning({ id: municipality.id });
    const [trebic, velkeMezirici] = await tx
      .insert(municipality)
      .values([
        {
          name: "Třebíč",
          shortName: "Třebíč",
          type: "Municipality",
          kind: "Large",
          parentId: provider!.id,
          district: "Třebíč",
          country: "CZ",
          identificationNumber: "00290629",
          companyName: "Město Třebíč",
          companyAddress: "Karlovo náměstí 104/55",
          city: "Třebíč",
          zipCode: "67401",
          monitoredPeriod: "Year",
          duplicateHandlingStrategy: "Merge",
        },
        {
          name: "Velké Meziříčí",
          shortName: "V. Meziříčí",
          type: "Municipality",
          kind: "Medium",
          parentId: provider!.id,
          district: "Žďár nad Sázavou",
          country: "CZ",
          identificationNumber: "00295671",
          companyName: "Město Velké Meziříčí",
          companyAddress: "Radnická 29/1",
          city: "Velké Meziříčí",
          zipCode: "59401",
          monitoredPeriod: "Quarter",
        },
      ])
      .returning({ id: municipality.id });
    await tx.insert(municipalityContact).values([
      {
        municipalityId: trebic!.id,
        name: "Marie Nováková",
        type: "MunicipalityAdmin",
        phone: "+420 568 896 111",
        email: "odpady@trebic.example",
      },
      {
        municipalityId: velkeMezirici!.id,
        name: "Jan Svoboda",
        type: "MunicipalityAdmin",
        phone: "566 781 111",
        email: "odpady@mezirici.example",
      },
    ]);
    await tx.insert(municipalityModule).values([
      { municipalityId: trebic!.id, module: "WasteAndBins", enabled: true },
      { municipalityId: trebic!.id, module: "CollectionYard", enabled: true },
      { municipalityId: trebic!.id, module: "MotivationPrograms", enabled: true },
      { municipalityId: trebic!.id, module: "DistributionCenters", enabled: true },
      { municipalityId: velkeMezirici!.id, module: "WasteAndBins", enabled: true },
    ]);
    const roleIds = new Map(
      (
        await tx
          .select()
          .from(role)
          .where(
            inArray(
              role.name,
              DEMO_ACCOUNTS.map((a) => a.role),
            ),
          )
      ).map((r) => [r.name, r.id]),
    );
    for (const a of DEMO_ACCOUNTS) {
      const municipal = a.role.startsWith("MUNICIPALITY");
      const [u] = await tx
        .insert(user)
        .values({
          userName: a.userName,
          firstName: a.firstName,
          lastName: a.lastName,
          email: `${a.userName}@odpady.example`,
          passwordHash: hash,
          roleId: roleIds.get(a.role)!,
          municipalityId: municipal ? trebic!.id : null,
        })
        .returning({ id: user.id });
      if (municipal) await tx.insert(userMunicipality).values({ userId: u!.id, municipalityId: trebic!.id });
    }
    await seedDemoCity(tx as unknown as Db, trebic!.id);
    await seedDemoDevices(tx as unknown as Db, trebic!.id, velkeMezirici!.id);
    await seedDemoBins(tx as unknown as Db, trebic!.id);
    await seedDemoCollections(tx as unknown as Db, trebic!.id);
    await seedDemoExpenditures(tx as unknown as Db, trebic!.id);
    // Before the fees are calculated: the programme active this year is part of them.
    await seedDemoMotivation(tx as unknown as Db, trebic!.id);
    await seedDemoFees(tx as unknown as Db, trebic!.id);
    await seedDemoPaymentSettings(tx as unknown as Db, trebic!.id);
    await seedDemoYards(tx as unknown as Db, trebic!.id);
    await seedDemoDistributionCentres(tx as unknown as Db, trebic!.id, hash);
  });
  return true;
}
