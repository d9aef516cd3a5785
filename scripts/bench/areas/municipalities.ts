/**
 * Municipalities area: 6,000 municipalities (a few hundred of them parents: microregions, collection companies),
 * with districts, parent links, 1–3 contacts and a handful of modules each; the list, detail and options requests.
 */
import { municipality, municipalityContact, municipalityModule } from "../../../api/db/schema";
import { MUNICIPALITY_MODULES } from "#contract/enums";
import { spread, stateArea, type Area, type GenerateContext } from "../harness";
import { CZ_DISTRICTS, SK_DISTRICTS, czechIco, municipalityName, personName, slug } from "../names";
import type { Random } from "../random";

export interface GeneratedMunicipality {
  id: number;
  name: string;
  country: "CZ" | "SK";
  district: string;
  kind: string;
  type: string;
  active: boolean;
  parentId: number | null;
}

export interface MunicipalityState {
  all: GeneratedMunicipality[];
  /** Ordinary municipalities (type Municipality), where users live. */
  members: GeneratedMunicipality[];
  /** The filtered-list scenario: a search term and a district that together match a realistic handful. */
  filter: { search: string; district: string };
}

const MUNICIPALITIES = 6_000;
const PARENTS = 300;
const SEARCH = "lhota";

function districtOf(rnd: Random, country: "CZ" | "SK") {
  return rnd.pick(country === "CZ" ? CZ_DISTRICTS : SK_DISTRICTS);
}

function parentName(rnd: Random, type: string, country: "CZ" | "SK", district: string): string {
  if (type === "Microregion") {
    return country === "CZ"
      ? `${rnd.pick(["Mikroregion", "Svazek obcí", "Sdružení obcí"])} ${district}`
      : `${rnd.pick(["Mikroregión", "Združenie obcí"])} ${district}`;
  }
  if (type === "CollectionAgency") return `${rnd.pick(["Technické služby", "Odpadové hospodářství"])} ${district}`;
  return `${rnd.pick(["EKO", "Komunální služby", "Sběrné suroviny"])} ${district} s.r.o.`;
}

function row(rnd: Random, m: Omit<GeneratedMunicipality, "id">, now: number): typeof municipality.$inferInsert {
  const name = m.name;
  return {
    name,
    shortName: name.length > 20 ? name.slice(0, 20) : name,
    type: m.type,
    kind: m.kind,
    parentId: m.parentId,
    district: m.district,
    country: m.country,
    identificationNumber: m.country === "CZ" ? czechIco(rnd) : String(rnd.int(30_000_000, 59_999_999)),
    companyName: m.type === "Municipality" ? `Obec ${name}` : name,
    companyAddress: `${rnd.pick(["Náměstí", "Hlavní", "Školní", "Obecní"])} ${rnd.int(1, 250)}`,
    city: m.type === "Municipality" ? name : m.district,
    zipCode: m.country === "CZ" ? String(rnd.int(10_000, 79_999)) : String(rnd.int(80_000, 99_999)),
    labelType: rnd.pick(["Barcode", "Barcode", "QrCode", "BarcodeAndQrCode"]),
    monitoredPeriod: rnd.pick(["Year", "Year", "Quarter", "Month"]),
    active: m.active,
    lastLoginAt: rnd.chance(0.85) ? rnd.recent(365, now) : null,
    lastRecordAt: rnd.chance(0.75) ? rnd.recent(365, now) : null,
  };
}

async function generate(ctx: GenerateContext) {
  const { rnd } = ctx;
  const now = Date.now();
  const total = Math.max(20, Math.round(MUNICIPALITIES * ctx.scale));
  const parentCount = Math.max(4, Math.round(PARENTS * ctx.scale));

  // Parents first (their ids are the children's parent_id).
  const parentsSpec: Omit<GeneratedMunicipality, "id">[] = [];
  for (let i = 0; i < parentCount; i++) {
    const country = rnd.chance(0.85) ? "CZ" : "SK";
    const type = rnd.chance(0.6) ? "Microregion" : rnd.chance(0.6) ? "CollectionAgency" : "Company";
    const district = districtOf(rnd, country);
    parentsSpec.push({
      name: parentName(rnd, type, country, district),
      country,
      district,
      kind: "Custom",
      type,
      active: true,
      parentId: null,
    });
  }
  const parentIds = await ctx.insertMany<typeof municipality, number>(
    municipality,
    parentsSpec.map((p) => row(rnd, p, now)),
    { returning: municipality.id },
  );
  const parents = parentsSpec.map((p, i) => ({ ...p, id: parentIds[i]! }));
  const parentsBy = { CZ: parents.filter((p) => p.country === "CZ"), SK: parents.filter((p) => p.country === "SK") };

  const childSpec: Omit<GeneratedMunicipality, "id">[] = [];
  for (let i = parentCount; i < total; i++) {
    const country = rnd.chance(0.85) ? "CZ" : "SK";
    const candidates = parentsBy[country].length ? parentsBy[country] : parents;
    const parent = rnd.chance(0.8) ? rnd.pick(candidates) : null;
    const district = parent && rnd.chance(0.7) ? parent.district : districtOf(rnd, country);
    const size = rnd.next();
    childSpec.push({
      name: municipalityName(rnd, country),
      country,
      district,
      kind: size < 0.7 ? "Small" : size < 0.92 ? "Medium" : "Large",
      type: "Municipality",
      active: rnd.chance(0.92),
      parentId: parent?.id ?? null,
    });
  }
  const childIds = await ctx.insertMany<typeof municipality, number>(
    municipality,
    childSpec.map((c) => row(rnd, c, now)),
    { returning: municipality.id },
  );
  const members = childSpec.map((c, i) => ({ ...c, id: childIds[i]! }));
  const all = [...parents, ...members];

  const contacts: (typeof municipalityContact.$inferInsert)[] = [];
  const modules: (typeof municipalityModule.$inferInsert)[] = [];
  for (const m of all) {
    const n = rnd.int(1, 3);
    for (let k = 0; k < n; k++) {
      const p = personName(rnd, m.country);
      contacts.push({
        municipalityId: m.id,
        name: `${p.first} ${p.last}`,
        type: k === 0 || rnd.chance(0.7) ? "MunicipalityAdmin" : "ReuseCenterAdmin",
        phone: `${m.country === "CZ" ? "+420" : "+421"} ${rnd.int(500, 799)} ${rnd.int(100, 999)} ${rnd.int(100, 999)}`,
        email: `${slug(p.last)}@${slug(m.name)}.example`,
      });
    }
    const extra = rnd.sample(MUNICIPALITY_MODULES.slice(1), rnd.int(0, 4));
    modules.push({ municipalityId: m.id, module: "WasteAndBins", enabled: true });
    for (const module of extra) modules.push({ municipalityId: m.id, module, enabled: rnd.chance(0.8) });
  }
  await ctx.insertMany(municipalityContact, contacts);
  await ctx.insertMany(municipalityModule, modules);

  // The filtered list: the district with the most active matches of the search term.
  const hits = new Map<string, number>();
  for (const m of all) {
    if (m.active && m.name.toLowerCase().includes(SEARCH)) hits.set(m.district, (hits.get(m.district) ?? 0) + 1);
  }
  const district = [...hits.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? all[0]!.district;

  const state: MunicipalityState = { all, members, filter: { search: SEARCH, district } };
  ctx.state.municipalities = state;
  ctx.sizes.municipalities = all.length;
  ctx.sizes["parent municipalities"] = parents.length;
  ctx.sizes["municipality contacts"] = contacts.length;
  ctx.sizes["municipality modules"] = modules.length;
}

export const municipalitiesArea: Area = stateArea<MunicipalityState>(
  "municipalities",
  "municipalities",
  generate,
  (s) => {
    // Details rotate over 100 municipalities spread over the id range.
    const detailIds = spread(s.all).map((m) => m.id);
    const q = new URLSearchParams({ search: s.filter.search, district: s.filter.district, active: "true" });
    const deepPage = Math.min(200, Math.max(1, Math.floor(s.all.length / 25) - 1));
    return [
      { name: "municipality list, first page", as: "admin", path: "/municipality?page=1&pageSize=25" },
      { name: "municipality list, filtered (search + district + active)", as: "admin", path: `/municipality?${q}` },
      { name: "municipality list, search only", as: "admin", path: `/municipality?search=${s.filter.search}` },
      {
        name: `municipality list, deep page (${deepPage} × 25)`,
        as: "admin",
        path: `/municipality?page=${deepPage}&pageSize=25`,
      },
      {
        name: "municipality list, sorted by lastLoginAt desc",
        as: "admin",
        path: "/municipality?sort=-lastLoginAt&page=1&pageSize=25",
      },
      { name: "municipality detail", as: "admin", path: (i) => `/municipality/${detailIds[i % detailIds.length]}` },
      { name: "municipality options", as: "admin", path: "/municipality/options" },
      { name: "municipality districts", as: "admin", path: "/municipality/districts" },
    ];
  },
);
