/**
 * The base seed that every start applies (server.ts): roles, permissions and their matrix from contract/. Demo data
 * is not made here but in api/demo/, which sits above the services; api/db/ imports neither it nor api/modules/.
 */
import { eq, notInArray } from "drizzle-orm";
import type { Db } from "./client";
import { permission, role, rolePermission, user } from "./schema";
import { ROLES } from "#contract/roles";
import { ACTIONS, ENTITIES, permissionsForRole } from "#contract/permissions";

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
    await tx
      .insert(permission)
      .values(values.map((value) => ({ value })))
      .onConflictDoNothing();
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

export async function findUserId(db: Db, userName: string): Promise<number | undefined> {
  const [u] = await db.select({ id: user.id }).from(user).where(eq(user.userName, userName));
  return u?.id;
}
