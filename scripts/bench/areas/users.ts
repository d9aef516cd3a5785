/**
 * Users area: 30,000 users spread over the municipalities (larger ones get more), managed-municipality links for
 * the municipal roles, and the signed-in user's own calls (user-info, permissions, managed municipalities).
 */
import { role, user, userMunicipality } from "../../../api/db/schema";
import { hashPassword } from "../../../api/lib/password-hash";
import type { Area, GenerateContext } from "../harness";
import { personName, slug } from "../names";
import type { GeneratedMunicipality, MunicipalityState } from "./municipalities";

/** Every generated account's password: the load scenario signs in with it. */
export const BENCH_PASSWORD = "Bench1234!";
/** The manager of the large city (the home of the subjects, bins, cards and collections areas), who imports. */
export const BENCH_MANAGER = { userName: "bench.manager", email: "bench.manager@odpady.example" };
const USERS = 30_000;
const ADMINS = 20;

/** Role mix of municipal users (cumulative shares). */
const MUNICIPAL_ROLES: [string, number][] = [
  ["MUNICIPALITY_WORKER", 0.45],
  ["CITIZEN", 0.8],
  ["MUNICIPALITY_MANAGER", 0.9],
  ["C_YARD_WORKER", 0.95],
  ["BIN_MARKER", 0.98],
  ["ACCOUNTANT", 1],
];
const WEIGHT: Record<string, number> = { Small: 2, Medium: 8, Large: 25 };

async function generate(ctx: GenerateContext) {
  const { rnd, db } = ctx;
  const ms = ctx.state.municipalities as MunicipalityState;
  const roleIds = new Map((await db.select({ id: role.id, name: role.name }).from(role)).map((r) => [r.name, r.id]));
  const roleId = (name: string) => {
    const id = roleIds.get(name);
    if (!id) throw new Error(`role ${name} is not seeded`);
    return id;
  };
  // scrypt is slow on purpose: one hash, shared by every generated user.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const now = Date.now();

  // Larger municipalities get more users: a weighted pick over cumulative weights.
  const members = ms.members;
  const cumulative: number[] = [];
  let sum = 0;
  for (const m of members) cumulative.push((sum += WEIGHT[m.kind] ?? 2));
  const pickMunicipality = (): GeneratedMunicipality => {
    const x = rnd.next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return members[lo]!;
  };
  const byParent = new Map<number, GeneratedMunicipality[]>();
  for (const m of members)
    if (m.parentId) (byParent.get(m.parentId) ?? byParent.set(m.parentId, []).get(m.parentId)!).push(m);

  const total = Math.max(50, Math.round(USERS * ctx.scale));
  const users: (typeof user.$inferInsert)[] = [];
  /** Managed municipalities per generated user (by index), beyond none. */
  const managed: { index: number; municipalityIds: number[] }[] = [];
  for (let i = 0; i < total; i++) {
    const admin = i < ADMINS;
    const m = admin ? null : pickMunicipality();
    const country = m?.country ?? "CZ";
    const p = personName(rnd, country);
    const userName = `${slug(p.first)}.${slug(p.last)}.${i + 1}`;
    const x = rnd.next();
    const roleName = admin
      ? i % 4 === 0
        ? "ADMIN_READ_ONLY"
        : "ADMIN"
      : MUNICIPAL_ROLES.find(([, share]) => x < share)![0];
    users.push({
      userName,
      firstName: p.first,
      lastName: p.last,
      email: `${userName}@${m ? slug(m.name) : "odpady"}.example`,
      phone: rnd.chance(0.6)
        ? `${country === "CZ" ? "+420" : "+421"} ${rnd.int(600, 799)} ${rnd.int(100, 999)} ${rnd.int(100, 999)}`
        : null,
      passwordHash,
      roleId: roleId(roleName),
      municipalityId: m?.id ?? null,
      language: country === "SK" ? "sk" : "cs",
      active: rnd.chance(0.95),
      lastLoginAt: rnd.chance(0.7) ? rnd.recent(180, now) : null,
    });
    if (m && (roleName === "MUNICIPALITY_MANAGER" || roleName === "MUNICIPALITY_WORKER")) {
      const ids = [m.id];
      // Some managers look after neighbours under the same parent (a microregion's shared clerk).
      const siblings = m.parentId ? (byParent.get(m.parentId) ?? []) : [];
      if (roleName === "MUNICIPALITY_MANAGER" && siblings.length > 1 && rnd.chance(0.15)) {
        for (const s of rnd.sample(siblings, Math.min(siblings.length, rnd.int(2, 5))))
          if (!ids.includes(s.id)) ids.push(s.id);
      }
      managed.push({ index: i, municipalityIds: ids });
    }
  }

  // The scenarios' own accounts: an administrator and a manager of a large municipality and two neighbours.
  const home =
    members.find((m) => m.kind === "Large" && m.active && m.parentId && (byParent.get(m.parentId)?.length ?? 0) >= 3) ??
    members[0]!;
  const neighbours = (home.parentId ? (byParent.get(home.parentId) ?? []) : [])
    .filter((m) => m.id !== home.id)
    .slice(0, 2);
  const benchAdmin = { userName: "bench.admin", email: "bench.admin@odpady.example" };
  users.push(
    { ...benchAdmin, firstName: "Alena", lastName: "Správcová", passwordHash, roleId: roleId("ADMIN") },
    {
      ...BENCH_MANAGER,
      firstName: "Marie",
      lastName: "Nováková",
      passwordHash,
      roleId: roleId("MUNICIPALITY_MANAGER"),
      municipalityId: home.id,
    },
  );
  managed.push({ index: users.length - 1, municipalityIds: [home.id, ...neighbours.map((m) => m.id)] });

  const ids = await ctx.insertMany<typeof user, number>(user, users, { returning: user.id });
  const links = managed.flatMap(({ index, municipalityIds }) =>
    municipalityIds.map((municipalityId) => ({ userId: ids[index]!, municipalityId, wasteCompanyBranchId: null })),
  );
  await ctx.insertMany(userMunicipality, links);

  ctx.persona("admin", benchAdmin);
  ctx.persona("manager", BENCH_MANAGER);
  // The large city of the subjects and fee payers area is the bench manager's own municipality.
  ctx.state.home = home;
  ctx.sizes.users = users.length;
  ctx.sizes["managed-municipality links"] = links.length;
}

export const usersArea: Area = {
  name: "users",
  generate,
  scenarios: () => [
    { name: "user/user-info", as: "admin", path: "/user/user-info" },
    { name: "user/user-info/permissions", as: "admin", path: "/user/user-info/permissions" },
    {
      name: "user/user-info/managed-municipalities (admin)",
      as: "admin",
      path: "/user/user-info/managed-municipalities",
    },
    {
      name: "user/user-info/managed-municipalities (manager)",
      as: "manager",
      path: "/user/user-info/managed-municipalities",
    },
  ],
};
