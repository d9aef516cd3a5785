import { and, asc, count, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { MUNICIPALITY_DATA_PURGERS } from "./data-purgers";
import { userIdentityColumns, usersOf } from "../user/shared";
import type { Db } from "../../db/client";
import {
  externalAccount,
  municipality,
  municipalityContact,
  municipalityLogo,
  municipalityModule,
  user,
  role,
} from "../../db/schema";
import { ApiError, notFound, validation } from "../../lib/errors";
import { orNull } from "../../lib/form-columns";
import { updateVersioned } from "../../lib/version";
import { pageIds } from "../../lib/paging";
import { municipalityListKeys, parseListSort, type SortKey as ListSortKey } from "#contract/lists";
import { searchMatches } from "../../lib/search";
import { inCallersMunicipalities, type AuthContext } from "../../lib/auth";
import type { SecretBox } from "../../lib/secret-box";
import { iso } from "../../lib/records";
import { MUNICIPALITY_MODULES, type MunicipalityModule } from "#contract/enums";
import {
  LOGO_MAX_BYTES,
  type MunicipalityDetail,
  type MunicipalityForm,
  type MunicipalityUpdate,
  type MunicipalityListItem,
  type MunicipalityListQuery,
  type externalAccountSchema,
} from "#contract/municipality";

const parent = alias(municipality, "parent");

const tenantFilter = (auth: AuthContext) => inCallersMunicipalities(auth, municipality.id);

export async function listMunicipalities(
  db: Db,
  auth: AuthContext,
  q: MunicipalityListQuery,
): Promise<{ items: MunicipalityListItem[]; total: number }> {
  const where: (SQL | undefined)[] = [tenantFilter(auth)];
  if (q.search) {
    // Name, short name, IČO or city, without case or accents: one LIKE on the folded search column (trigram-indexed).
    where.push(searchMatches(municipality.search, q.search));
  }
  if (q.district) where.push(eq(municipality.district, q.district));
  if (q.active !== undefined) where.push(eq(municipality.active, q.active));
  if (q.parentId) where.push(eq(municipality.parentId, q.parentId));
  if (q.country) where.push(eq(municipality.country, q.country));
  if (q.type) where.push(eq(municipality.type, q.type));
  const cond = and(...where.filter(Boolean));

  const sort = parseListSort(municipalityListKeys, q.sort);
  // The page's ids are chosen first, from municipality alone (an index-only walk for the name and lastLoginAt sorts,
  // however deep the page), and only those rows are read and given the parent's name and the user count: counting
  // every user of every municipality before paging cost more than all the rest of the request (docs/benchmarks.md).
  const page = pageIds(db, municipality, cond, orderBy(municipality, sort), q).as("page");

  const [rows, totals] = await Promise.all([
    db
      .select({
        id: municipality.id,
        name: municipality.name,
        district: municipality.district,
        type: municipality.type,
        country: municipality.country,
        parentId: municipality.parentId,
        parentName: parent.name,
        lastLoginAt: municipality.lastLoginAt,
        lastRecordAt: municipality.lastRecordAt,
        active: municipality.active,
        userCount:
          sql<number>`(select count(*) from ${user} where ${user.municipalityId} = ${municipality.id})`.mapWith(Number),
      })
      .from(page)
      .innerJoin(municipality, eq(municipality.id, page.id))
      .leftJoin(parent, eq(parent.id, municipality.parentId))
      .orderBy(...orderBy(municipality, sort)),
    db.select({ n: count() }).from(municipality).where(cond),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      lastLoginAt: iso(r.lastLoginAt),
      lastRecordAt: iso(r.lastRecordAt),
      userCount: Number(r.userCount ?? 0),
    })),
    total: Number(totals[0]?.n ?? 0),
  };
}

type SortKey = ListSortKey<typeof municipalityListKeys>;
type Sortable = Record<SortKey, AnyColumn>;

/**
 * ORDER BY of the list: the sort column, then id (a stable page); a descending sort puts empty values last.
 * (name, id) and (last_login_at desc nulls last, id) are indexed (api/db/schema/municipality.ts), so those pages
 * are read in index order.
 */
function orderBy(source: Sortable, sort: { key: SortKey; desc: boolean }): SQL[] {
  const column = source[sort.key];
  return [sort.desc ? sql`${column} desc nulls last` : sql`${column} asc`, sql`${source.id} asc`];
}

export async function getMunicipality(db: Db, id: number): Promise<MunicipalityDetail> {
  const [row] = await db
    .select({ m: municipality, parentName: parent.name, logo: municipalityLogo.municipalityId })
    .from(municipality)
    .leftJoin(parent, eq(parent.id, municipality.parentId))
    .leftJoin(municipalityLogo, eq(municipalityLogo.municipalityId, municipality.id))
    .where(eq(municipality.id, id));
  if (!row) throw notFound("Obec nebyla nalezena.");
  const [contacts, modules] = await Promise.all([
    db
      .select()
      .from(municipalityContact)
      .where(eq(municipalityContact.municipalityId, id))
      .orderBy(asc(municipalityContact.id)),
    db.select().from(municipalityModule).where(eq(municipalityModule.municipalityId, id)),
  ]);
  const enabled = new Map(modules.map((m) => [m.module, m.enabled]));
  const m = row.m;
  return {
    id: m.id,
    version: m.version,
    name: m.name,
    shortName: m.shortName,
    type: m.type,
    kind: m.kind,
    parentId: m.parentId,
    parentName: row.parentName ?? null,
    district: m.district,
    country: m.country as "CZ" | "SK",
    identificationNumber: m.identificationNumber,
    vatNumber: m.vatNumber,
    companyName: m.companyName,
    companyAddress: m.companyAddress,
    city: m.city,
    zipCode: m.zipCode,
    labelType: m.labelType,
    monitoredPeriod: m.monitoredPeriod,
    duplicateHandlingStrategy: m.duplicateHandlingStrategy,
    note: m.note,
    active: m.active,
    hasLogo: row.logo !== null,
    lastLoginAt: iso(m.lastLoginAt),
    lastRecordAt: iso(m.lastRecordAt),
    contacts: contacts.map((c) => ({ id: c.id, name: c.name, type: c.type, phone: c.phone, email: c.email })),
    modules: MUNICIPALITY_MODULES.map((module) => ({ module, enabled: enabled.get(module) ?? false })),
  };
}

async function checkParent(db: Db, auth: AuthContext, parentId: number | undefined, selfId?: number) {
  if (!parentId) return;
  if (parentId === selfId) throw validation({ parentId: ["Obec nemůže být sama sobě nadřazená."] });
  if (auth.municipalityIds !== "all" && !auth.municipalityIds.includes(parentId)) {
    throw validation({ parentId: ["Nadřazená obec neexistuje."] });
  }
  // Walk up from the new parent: meeting selfId would make a cycle.
  let current: number | null = parentId;
  for (let depth = 0; current && depth < 50; depth++) {
    const found: { parentId: number | null }[] = await db
      .select({ parentId: municipality.parentId })
      .from(municipality)
      .where(eq(municipality.id, current));
    if (!found[0]) throw validation({ parentId: ["Nadřazená obec neexistuje."] });
    if (selfId && found[0].parentId === selfId) {
      throw validation({ parentId: ["Tato volba by vytvořila cyklus nadřazených obcí."] });
    }
    current = found[0].parentId;
  }
}

function columns(form: MunicipalityForm) {
  return {
    name: form.name,
    ...orNull(form, ["shortName"]),
    type: form.type,
    kind: form.kind,
    ...orNull(form, ["parentId", "district"]),
    country: form.country,
    ...orNull(form, ["identificationNumber", "vatNumber", "companyName", "companyAddress", "city"]),
    zipCode: form.zipCode ? form.zipCode.replace(/\s/g, "") : null,
    labelType: form.labelType,
    monitoredPeriod: form.monitoredPeriod,
    duplicateHandlingStrategy: form.duplicateHandlingStrategy,
    ...orNull(form, ["note"]),
  };
}

/** The form's contact persons of the municipality (create, and update after the old ones are deleted). */
async function insertContacts(db: Db, municipalityId: number, contacts: MunicipalityForm["contacts"]) {
  if (!contacts.length) return;
  await db.insert(municipalityContact).values(
    contacts.map((c) => ({
      municipalityId,
      name: c.name,
      type: c.type,
      ...orNull(c, ["phone", "email"]),
    })),
  );
}

export async function createMunicipality(db: Db, auth: AuthContext, form: MunicipalityForm): Promise<{ id: number }> {
  await checkParent(db, auth, form.parentId);
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(municipality).values(columns(form)).returning({ id: municipality.id });
    const id = created!.id;
    await insertContacts(tx as unknown as Db, id, form.contacts);
    return { id };
  });
}

export async function updateMunicipality(
  db: Db,
  auth: AuthContext,
  id: number,
  form: MunicipalityUpdate,
): Promise<void> {
  const current = await getMunicipality(db, id);
  // An unchanged parent is kept as it is, even one the user does not manage (a manager's municipality under a region);
  // only a user who manages that parent may move the municipality away from it.
  if (form.parentId !== (current.parentId ?? undefined)) {
    if (current.parentId && auth.municipalityIds !== "all" && !auth.municipalityIds.includes(current.parentId)) {
      throw validation({ parentId: ["Nadřazenou obec může změnit jen ten, kdo ji spravuje."] });
    }
    await checkParent(db, auth, form.parentId, id);
  }
  await db.transaction(async (tx) => {
    await updateVersioned(tx, municipality, { id, version: form.version }, columns(form));
    // Contacts are replaced as a whole: the form always sends the full list.
    await tx.delete(municipalityContact).where(eq(municipalityContact.municipalityId, id));
    await insertContacts(tx as unknown as Db, id, form.contacts);
  });
}

export async function setActive(db: Db, id: number, active: boolean): Promise<void> {
  const res = await db
    .update(municipality)
    .set({ active, updatedAt: new Date() })
    .where(eq(municipality.id, id))
    .returning({ id: municipality.id });
  if (!res.length) throw notFound("Obec nebyla nalezena.");
}

export async function setModule(db: Db, id: number, module: MunicipalityModule, enabled: boolean): Promise<void> {
  await getMunicipality(db, id);
  await db
    .insert(municipalityModule)
    .values({ municipalityId: id, module, enabled })
    .onConflictDoUpdate({ target: [municipalityModule.municipalityId, municipalityModule.module], set: { enabled } });
}

export async function listMunicipalityUsers(db: Db, id: number) {
  await getMunicipality(db, id);
  const rows = await db
    .select({
      ...userIdentityColumns,
      role: role.name,
      active: user.active,
      lastLoginAt: user.lastLoginAt,
    })
    .from(user)
    .innerJoin(role, eq(role.id, user.roleId))
    .where(usersOf(db, [id]))
    .orderBy(asc(user.lastName), asc(user.firstName));
  return { items: rows.map((r) => ({ ...r, lastLoginAt: iso(r.lastLoginAt) })), total: rows.length };
}

export async function listExternalAccounts(db: Db, id: number) {
  await getMunicipality(db, id);
  // The stored password is not even read: the form shows whether one is set.
  const rows = await db
    .select({
      id: externalAccount.id,
      type: externalAccount.type,
      login: externalAccount.login,
      customerNumber: externalAccount.customerNumber,
      hasPassword: sql<boolean>`coalesce(${externalAccount.password}, '') <> ''`,
    })
    .from(externalAccount)
    .where(eq(externalAccount.municipalityId, id))
    .orderBy(asc(externalAccount.id));
  return { items: rows, total: rows.length };
}

export async function saveExternalAccounts(
  db: Db,
  box: SecretBox,
  id: number,
  accounts: z.infer<typeof externalAccountSchema>[],
): Promise<void> {
  await getMunicipality(db, id);
  const keys = new Set<string>();
  const errors: Record<string, string[]> = {};
  accounts.forEach((a, i) => {
    const key = `${a.type}:${a.login.toLowerCase()}`;
    if (keys.has(key)) errors[`accounts.${i}.login`] = ["Tento účet je v seznamu dvakrát."];
    keys.add(key);
  });
  if (Object.keys(errors).length) throw validation(errors, "Některé externí účty se nepodařilo uložit.");
  await db.transaction(async (tx) => {
    const existing = await tx.select().from(externalAccount).where(eq(externalAccount.municipalityId, id));
    const byId = new Map(existing.map((e) => [e.id, e]));
    // The set is replaced in one statement: logins may change hands within one save (an account renamed and its
    // old login added anew, two swapped), which row-by-row updates would trip over on the unique index.
    // Kept accounts keep their id and, when no new one is typed, their stored password.
    await tx.delete(externalAccount).where(eq(externalAccount.municipalityId, id));
    if (!accounts.length) return;
    const used = new Set<number>();
    await tx.insert(externalAccount).values(
      accounts.map((a) => {
        const old = a.id && !used.has(a.id) ? byId.get(a.id) : undefined;
        if (old) used.add(old.id);
        return {
          ...(old ? { id: old.id } : {}),
          municipalityId: id,
          type: a.type,
          login: a.login,
          customerNumber: a.customerNumber ?? null,
          password: a.password ? box.seal(a.password) : (old?.password ?? null),
        };
      }),
    );
  });
}

/**
 * Start-up (server.ts): passwords stored before they were sealed (decision 0015) are sealed in place, once; a
 * sealed value is recognised by its tag, so running it again changes nothing.
 */
export async function sealExternalAccountPasswords(db: Db, box: SecretBox): Promise<number> {
  const rows = await db
    .select({ id: externalAccount.id, password: externalAccount.password })
    .from(externalAccount)
    .where(sql`${externalAccount.password} is not null and ${externalAccount.password} not like 'enc:v1:%'`);
  for (const r of rows) {
    await db
      .update(externalAccount)
      .set({ password: box.seal(r.password!) })
      .where(eq(externalAccount.id, r.id));
  }
  return rows.length;
}

/** Recognise the image by its first bytes; the declared type and file name are not trusted. */
export function sniffImageType(bytes: Uint8Array): "image/png" | "image/jpeg" | "image/webp" | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (
    bytes.length >= 12 &&
    String.fromCharCode(...bytes.slice(0, 4)) === "RIFF" &&
    String.fromCharCode(...bytes.slice(8, 12)) === "WEBP"
  )
    return "image/webp";
  return null;
}

export async function saveLogo(db: Db, id: number, file: File | null): Promise<void> {
  await getMunicipality(db, id);
  if (!file || file.size === 0) throw validation({ logo: ["Vyberte soubor s logem."] });
  if (file.size > LOGO_MAX_BYTES) throw validation({ logo: ["Logo může mít nejvýše 512 kB."] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw validation({ logo: ["Logo musí být obrázek PNG, JPEG nebo WebP."] });
  await db
    .insert(municipalityLogo)
    .values({ municipalityId: id, contentType: type, data: bytes })
    .onConflictDoUpdate({
      target: municipalityLogo.municipalityId,
      set: { contentType: type, data: bytes, updatedAt: new Date() },
    });
}

export async function getLogo(db: Db, id: number) {
  const [row] = await db.select().from(municipalityLogo).where(eq(municipalityLogo.municipalityId, id));
  if (!row) throw notFound("Obec nemá logo.");
  return row;
}

export async function deleteLogo(db: Db, id: number): Promise<void> {
  await db.delete(municipalityLogo).where(eq(municipalityLogo.municipalityId, id));
}

export async function deleteMunicipalityData(db: Db, id: number): Promise<Record<string, number>> {
  await getMunicipality(db, id);
  return db.transaction(async (tx) => {
    const removed: Record<string, number> = {};
    for (const p of MUNICIPALITY_DATA_PURGERS) removed[p.name] = await p.purge(tx as unknown as Db, id);
    return removed;
  });
}

export async function deleteMunicipality(db: Db, id: number): Promise<void> {
  await getMunicipality(db, id);
  const [children] = await db.select({ n: count() }).from(municipality).where(eq(municipality.parentId, id));
  if (Number(children?.n ?? 0) > 0) {
    throw new ApiError(409, "Obec má podřízené obce; nejprve jim změňte nadřazenou obec.");
  }
  await db.transaction(async (tx) => {
    for (const p of MUNICIPALITY_DATA_PURGERS) await p.purge(tx as unknown as Db, id);
    await tx.delete(municipality).where(eq(municipality.id, id));
  });
}

export async function listDistricts(db: Db, auth: AuthContext): Promise<string[]> {
  const rows = await db
    .selectDistinct({ district: municipality.district })
    .from(municipality)
    .where(and(tenantFilter(auth), sql`${municipality.district} is not null`))
    .orderBy(asc(municipality.district));
  return rows.map((r) => r.district!).filter(Boolean);
}

export async function listOptions(db: Db, auth: AuthContext) {
  const rows = await db
    .select({
      id: municipality.id,
      name: municipality.name,
      country: municipality.country,
      active: municipality.active,
    })
    .from(municipality)
    .where(tenantFilter(auth))
    .orderBy(asc(municipality.name))
    .limit(1000);
  return { items: rows, total: rows.length };
}
