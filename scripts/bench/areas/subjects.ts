/**
 * Collection points and fee payers of a city of 100,000 inhabitants (issue 4): 30,000 subjects in the bench
 * manager's municipality (family houses, apartment buildings with their flats, companies, cottages), 100,000 fee
 * payers with Czech names, dates of birth and addresses, their memberships (a tenth of them ended: people who moved
 * away), three fixed discounts; the list, filter, deep-page, detail and name-search requests of the screens.
 */
import { discount, feePayer, feePayerDiscount, subject, subjectFeePayer } from "../../../api/db/schema";
import { spread, isoDay, stateArea, type Area, type GenerateContext } from "../harness";
import { personName } from "../names";
import type { GeneratedMunicipality } from "./municipalities";

const SUBJECTS = 30_000;
const FEE_PAYERS = 100_000;

// prettier-ignore
const STREETS = [
  "Hlavní", "Nádražní", "Školní", "Zahradní", "Komenského", "Husova", "Masarykova", "Palackého", "Smetanova", "Jiráskova",
  "Havlíčkova", "Nerudova", "Tyršova", "Sokolská", "Lipová", "Březová", "Dubová", "Polní", "Luční", "Krátká", "Dlouhá",
  "Příční", "Okružní", "Vrchlického", "Žižkova", "Karlovo náměstí", "Bráfova", "Hasskova", "Modřínová", "Jabloňová",
  "Třešňová", "Na Kopci", "U Potoka", "Pod Lesem", "K Nádraží", "Sadová", "Družstevní", "Nová", "Mlýnská", "Kostelní",
  "Fibichova", "Dvořákova", "Janáčkova", "Sportovní", "Průmyslová", "Spojovací", "Slunečná", "Větrná", "Horní", "Dolní",
];
// prettier-ignore
const DISTRICTS = ["Vnitřní Město", "Borovina", "Nové Dvory", "Horka-Domky", "Podklášteří", "Týn", "Zámostí", "Stařečka", "Račerovice", "Sokolí", "Pocoucov", "Budíkovice"];
const COMPANY_KINDS = ["s.r.o.", "a.s.", "v.o.s."];
const COMPANY_WORDS = [
  "Pekárna",
  "Autoservis",
  "Stavby",
  "Elektro",
  "Truhlářství",
  "Restaurace",
  "Kadeřnictví",
  "Lékárna",
  "Zahradnictví",
  "Potraviny",
];

export interface SubjectState {
  municipalityId: number;
  subjectIds: number[];
  feePayerIds: number[];
  /** A street and district that together match a realistic handful (the filtered-list scenario). */
  filter: { street: string; district: string };
}

async function generate(ctx: GenerateContext) {
  const { rnd } = ctx;
  const home = ctx.state.home as GeneratedMunicipality;
  const municipalityId = home.id;
  const today = new Date();
  const subjectCount = Math.max(100, Math.round(SUBJECTS * ctx.scale));
  const payerCount = Math.max(300, Math.round(FEE_PAYERS * ctx.scale));

  // Subjects: parents (apartment buildings) first, so that their flats can point at them.
  const buildings = Math.round(subjectCount * 0.03);
  const rows: (typeof subject.$inferInsert)[] = [];
  const where = () => {
    const street = rnd.pick(STREETS);
    return {
      street,
      cityDistrict: rnd.pick(DISTRICTS),
      conscriptionNumber: String(rnd.int(1, 2500)),
      streetNumber: rnd.chance(0.8) ? String(rnd.int(1, 120)) : null,
      zipCode: "67401",
      city: home.name,
    };
  };
  let vs = 10_000_000;
  for (let i = 0; i < buildings; i++) {
    const a = where();
    rows.push({
      municipalityId,
      type: "ApartmentBuilding",
      name: `Bytový dům ${a.street} ${a.conscriptionNumber}`,
      shortName: `BD ${a.street}`.slice(0, 50),
      variableSymbol: String(vs++),
      ...a,
      totalFee: "0",
    });
  }
  const buildingIds = await ctx.insertMany<typeof subject, number>(subject, rows, {
    returning: subject.id,
    label: "subject",
  });
  const buildingAddress = rows.map((r) => r);

  rows.length = 0;
  const rest = subjectCount - buildings;
  const kinds: { type: string; members: [number, number] }[] = [];
  for (let i = 0; i < rest; i++) {
    const x = rnd.next();
    const type =
      x < 0.6 ? "Household" : x < 0.85 ? "Apartment" : x < 0.93 ? "Company" : x < 0.98 ? "Cottage" : "Trashbin";
    let parentId: number | null = null;
    let a = where();
    if (type === "Apartment") {
      const b = rnd.int(0, buildingIds.length - 1);
      parentId = buildingIds[b]!;
      const p = buildingAddress[b]!;
      a = {
        street: p.street!,
        cityDistrict: p.cityDistrict!,
        conscriptionNumber: p.conscriptionNumber!,
        streetNumber: p.streetNumber ?? null,
        zipCode: "67401",
        city: home.name,
      };
    }
    const family = personName(rnd, "CZ").last;
    const name =
      type === "Company"
        ? `${rnd.pick(COMPANY_WORDS)} ${family} ${rnd.pick(COMPANY_KINDS)}`
        : type === "Trashbin"
          ? `Odpadkový koš ${a.street}`
          : type === "Apartment"
            ? `Byt ${rnd.int(1, 40)} – ${family}`
            : `${family}, ${a.street} ${a.streetNumber ?? a.conscriptionNumber}`;
    const fee = type === "Trashbin" ? "0.00" : `${rnd.int(6, 48) * 100}.00`;
    rows.push({
      municipalityId,
      type,
      name: name.slice(0, 200),
      shortName: family.slice(0, 50),
      variableSymbol: String(vs++),
      parentId,
      ...a,
      binCount: type === "Apartment" ? 0 : rnd.int(0, 3),
      totalFee: fee,
      feePaid: rnd.chance(0.7),
      disposeFrequencyPeriod: rnd.chance(0.5) ? "Month" : null,
      orderedDisposeCount: rnd.chance(0.5) ? rnd.int(2, 4) : null,
      operatorCompanyName: type === "Company" ? name.slice(0, 200) : null,
    });
    kinds.push({
      type,
      members: type === "Company" ? [1, 1] : type === "Trashbin" ? [0, 0] : type === "Cottage" ? [1, 2] : [1, 5],
    });
  }
  const otherIds = await ctx.insertMany<typeof subject, number>(subject, rows, {
    returning: subject.id,
    label: "subject",
  });
  const subjectIds = [...buildingIds, ...otherIds];

  // Fixed discounts of the municipality (two by age, one other) and fee payers with their memberships.
  const discountIds = await ctx.insertMany<typeof discount, number>(
    discount,
    [
      { municipalityId, name: "Děti do 15 let", type: "Age", ageFrom: 0, ageUntil: 15, feeDiscount: "300.00" },
      { municipalityId, name: "Senioři nad 80 let", type: "Age", ageFrom: 80, ageUntil: null, feeDiscount: "400.00" },
      { municipalityId, name: "Držitel průkazu ZTP/P", type: "Other", feeDiscount: "600.00" },
    ],
    { returning: discount.id },
  );
  const payers: (typeof feePayer.$inferInsert)[] = [];
  const memberships: { subjectIndex: number; payerIndex: number; from: string; to: string | null; chief: boolean }[] =
    [];
  let p = 0;
  let pvs = 20_000_000;
  const newPayer = (subjectIndex: number, chief: boolean, company: boolean) => {
    const s = rows[subjectIndex - buildings] ?? rows[0]!;
    const person = personName(rnd, "CZ");
    const born = new Date(Date.UTC(rnd.int(1930, 2025), rnd.int(0, 11), rnd.int(1, 28)));
    const from = new Date(Math.max(born.getTime(), Date.UTC(2015, 0, 1) + rnd.int(0, 3000) * 86_400_000));
    const moved = rnd.chance(0.1);
    const to = moved
      ? new Date(Math.min(today.getTime() - 86_400_000, from.getTime() + rnd.int(30, 2000) * 86_400_000))
      : null;
    payers.push({
      municipalityId,
      type: company ? "Company" : "Resident",
      firstName: company ? null : person.first,
      lastName: company ? null : person.last,
      companyName: company ? s.name : null,
      identificationNumber: company ? String(rnd.int(10_000_000, 99_999_999)) : null,
      variableSymbol: String(pvs++),
      dateOfBirth: company ? null : isoDay(born),
      email: rnd.chance(0.3)
        ? `${person.last
            .toLowerCase()
            .normalize("NFD")
            .replace(/[\u0300-\u036f]/g, "")}.${p}@example.cz`
        : null,
      streetAddress: `${s.street} ${s.conscriptionNumber}${s.streetNumber ? `/${s.streetNumber}` : ""}`,
      city: home.name,
      zipCode: "67401",
      activeFrom: isoDay(from),
      activeTo: to ? isoDay(to) : null,
      registered: rnd.chance(0.85),
    });
    memberships.push({
      subjectIndex,
      payerIndex: p,
      from: isoDay(from),
      to: to ? isoDay(to) : null,
      chief: chief && !to,
    });
    p++;
  };
  // Every inhabited subject gets its members; the rest of the payers spread over households and flats.
  for (let i = 0; i < kinds.length && p < payerCount; i++) {
    const [lo, hi] = kinds[i]!.members;
    const n = rnd.int(lo, hi);
    for (let k = 0; k < n && p < payerCount; k++) newPayer(buildings + i, k === 0, kinds[i]!.type === "Company");
  }
  while (p < payerCount) {
    const i = rnd.int(0, kinds.length - 1);
    if (kinds[i]!.type === "Household" || kinds[i]!.type === "Apartment") newPayer(buildings + i, false, false);
  }
  const feePayerIds = await ctx.insertMany<typeof feePayer, number>(feePayer, payers, { returning: feePayer.id });
  await ctx.insertMany(
    subjectFeePayer,
    memberships.map((m) => ({
      municipalityId,
      subjectId: subjectIds[m.subjectIndex]!,
      feePayerId: feePayerIds[m.payerIndex]!,
      validFrom: m.from,
      validTo: m.to,
      isChief: m.chief,
    })),
  );
  const ztp = feePayerIds
    .filter(() => rnd.chance(0.02))
    .map((feePayerId) => ({ feePayerId, discountId: discountIds[2]! }));
  await ctx.insertMany(feePayerDiscount, ztp);
  // member_count as the product keeps it (memberships valid today).
  await ctx.db.execute(`update subject s set member_count = m.n from (
      select subject_id, count(distinct fee_payer_id)::int n from subject_fee_payer
      where valid_from <= current_date and (valid_to is null or valid_to >= current_date) group by subject_id) m
    where m.subject_id = s.id and s.municipality_id = ${municipalityId}`);

  const state: SubjectState = {
    municipalityId,
    subjectIds,
    feePayerIds,
    filter: { street: STREETS[3]!, district: DISTRICTS[1]! },
  };
  ctx.state.subjects = state;
  ctx.sizes.subjects = subjectIds.length;
  ctx.sizes["fee payers"] = feePayerIds.length;
  ctx.sizes["subject memberships"] = memberships.length;
}

export const subjectsArea: Area = stateArea<SubjectState>("subjects and fee payers", "subjects", generate, (s) => {
  const base = `/municipality/${s.municipalityId}`;
  const subjects = spread(s.subjectIds);
  const payers = spread(s.feePayerIds);
  const filtered = new URLSearchParams({
    street: s.filter.street,
    cityDistrict: s.filter.district,
    type: "Household",
    feePaid: "false",
  });
  const deep = Math.max(1, Math.floor(s.subjectIds.length / 25) - 10);
  return [
    {
      name: "subject list, first page",
      as: "manager",
      path: `${base}/subject?page=1&pageSize=25`,
      load: "API subject list",
    },
    {
      name: "subject list, filtered (street + district + type + unpaid)",
      as: "manager",
      path: `${base}/subject?${filtered}`,
    },
    { name: "subject list, search 'novak'", as: "manager", path: `${base}/subject?search=novak` },
    {
      name: `subject list, deep page (${deep} × 25)`,
      as: "manager",
      path: `${base}/subject?page=${deep}&pageSize=25`,
    },
    { name: "subject list, sorted by total fee desc", as: "manager", path: `${base}/subject?sort=-totalFee` },
    { name: "subject detail", as: "manager", path: (i) => `${base}/subject/${subjects[i % subjects.length]}` },
    {
      name: "subject detail: fee payers",
      as: "manager",
      path: (i) => `${base}/subject/${subjects[i % subjects.length]}/fee-payers`,
    },
    {
      name: "fee payer search by name ('dvorakova jana')",
      as: "manager",
      path: `${base}/fee-payer?search=${encodeURIComponent("dvořáková jana")}`,
    },
    { name: "fee payer search by name ('novak')", as: "manager", path: `${base}/fee-payer?search=novak` },
    { name: "fee payer list, first page, active", as: "manager", path: `${base}/fee-payer?active=true` },
    { name: "fee payer detail", as: "manager", path: (i) => `${base}/fee-payer/${payers[i % payers.length]}` },
    {
      name: "fee payer history",
      as: "manager",
      path: (i) => `${base}/fee-payer/${payers[i % payers.length]}/history`,
    },
    {
      name: "page /infrastructure/subjects",
      as: "manager",
      web: true,
      budgetMs: 150,
      path: "/infrastructure/subjects",
      load: "page: subjects list",
    },
    {
      name: "page /infrastructure/subjects/{id}",
      as: "manager",
      web: true,
      budgetMs: 150,
      path: (i) => `/infrastructure/subjects/${subjects[i % subjects.length]}`,
      load: "page: subject detail",
    },
    {
      name: "page /infrastructure/fee-payers",
      as: "manager",
      web: true,
      budgetMs: 150,
      path: "/infrastructure/fee-payers",
      load: "page: fee payers list",
    },
    {
      name: "page /infrastructure/fee-payers?search=novak",
      as: "manager",
      web: true,
      budgetMs: 150,
      path: "/infrastructure/fee-payers?search=novak",
    },
    {
      name: "page /infrastructure/fee-payers/{id}",
      as: "manager",
      web: true,
      budgetMs: 150,
      path: (i) => `/infrastructure/fee-payers/${payers[i % payers.length]}`,
    },
  ];
});
