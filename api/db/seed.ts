import { eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "./client";
import { municipality, municipalityContact, municipalityModule, permission, role, rolePermission, user, userMunicipality } from "./schema";
import { ROLES } from "#contract/roles";
import { ACTIONS, ENTITIES, permissionsForRole } from "#contract/permissions";
import { hashPassword } from "../lib/password-hash";
import { seedDemoCity } from "./demo-city";
import { seedDemoDevices } from "./demo-devices";
import { seedDemoBins } from "./demo-bins";

/** Roles, permissions and the role → permission matrix follow contract/ on every start (idempotent). */
export async function syncRolesAndPermissions(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const r of ROLES) {
      await tx
        .insert(role)
        .values({ id: r.id, name: r.name, label: r.label, active: r.active })
        .onConflictDoUpdate({ target: role.id, set: { name: r.name, label: r.label, active: r.active } });
    }
    const values = ENTITIES.flatMap((e) => ACTIONS.map((a) => `${e}.${a}`));
    await tx.insert(permission).values(values.map((value) => ({ value }))).onConflictDoNothing();
    await tx.delete(permission).where(notInArray(permission.value, values));
    const perms = await tx.select().from(permission);
    const idOf = new Map(perms.map((p) => [p.value, p.id]));
    await tx.delete(rolePermission);
    const rows = ROLES.flatMap((r) =>
      permissionsForRole(r.name).map((p) => ({ roleId: r.id, permissionId: idOf.get(p)! })),
    );
    if (rows.length) await tx.insert(rolePermission).values(rows);
  });
}

export const DEMO_PASSWORD = "Demo1234!";
export const DEMO_ACCOUNTS = [
  { userName: "admin", firstName: "Alena", lastName: "Správcová", role: "ADMIN" },
  { userName: "readonly", firstName: "Richard", lastName: "Čtenář", role: "ADMIN_READ_ONLY" },
  { userName: "manager", firstName: "Marie", lastName: "Nováková", role: "MUNICIPALITY_MANAGER" },
  { userName: "worker", firstName: "Václav", lastName: "Dvořák", role: "MUNICIPALITY_WORKER" },
] as const;

/**
 * Demo data on first start with an empty database: a provider (collection agency), two municipalities and
 * the four demo accounts of README. Does nothing when any user exists.
 */
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
      { municipalityId: trebic!.id, name: "Marie Nováková", type: "MunicipalityAdmin", phone: "+420 568 896 111", email: "odpady@trebic.example" },
      { municipalityId: velkeMezirici!.id, name: "Jan Svoboda", type: "MunicipalityAdmin", phone: "566 781 111", email: "odpady@mezirici.example" },
    ]);
    await tx.insert(municipalityModule).values([
      { municipalityId: trebic!.id, module: "WasteAndBins", enabled: true },
      { municipalityId: trebic!.id, module: "CollectionYard", enabled: true },
      { municipalityId: velkeMezirici!.id, module: "WasteAndBins", enabled: true },
    ]);
    const roleIds = new Map(
      (await tx.select().from(role).where(inArray(role.name, DEMO_ACCOUNTS.map((a) => a.role)))).map((r) => [r.name, r.id]),
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
  });
  return true;
}

export async function findUserId(db: Db, userName: string): Promise<number | undefined> {
  const [u] = await db.select({ id: user.id }).from(user).where(eq(user.userName, userName));
  return u?.id;
}
