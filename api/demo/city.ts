/**
 * Demo collection points and fee payers of Třebíč (README: demo data on first start), so that a person trying the
 * product meets a filled register: households, an apartment building with its flats, a company and a cottage,
 * each with its payers and a chief.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { discount, feePayer, feePayerDiscount, subject, subjectFeePayer } from "../db/schema";

/** `otherDiscount`: the name of an 'Other' fixed discount the payer has assigned (the fee-payer form's checkbox). */
type Payer = { first: string; last: string; born: string; email?: string; chief?: boolean; otherDiscount?: string };
type Place = {
  type: string;
  name: string;
  shortName?: string;
  street: string;
  streetNumber: string;
  conscriptionNumber: string | null;
  /** 'Evidenční číslo' of cottages and temporary buildings. */
  provisionalNumber?: string;
  cityDistrict: string;
  feePaid?: boolean;
  totalFee?: string;
  parent?: string;
  payers: Payer[];
  operator?: { ico: string; name: string };
};

const ZTP = "Držitel průkazu ZTP/P";

/** Every demo place and payer is in Třebíč. */
const TREBIC = { city: "Třebíč", zipCode: "67401" };

/** The apartment building and its address, which its flats share. */
const BUILDING = "Bytový dům Smila Osovského 1130";
const BUILDING_ADDRESS = {
  street: "Smila Osovského",
  streetNumber: "24",
  conscriptionNumber: "1130",
  cityDistrict: "Borovina",
};

const PLACES: Place[] = [
  {
    type: "Household",
    name: "Novákovi, Hasskova 12",
    shortName: "Novákovi",
    street: "Hasskova",
    streetNumber: "12",
    conscriptionNumber: "845",
    cityDistrict: "Vnitřní Město",
    feePaid: true,
    totalFee: "2400.00",
    payers: [
      { first: "Jan", last: "Novák", born: "1978-03-14", email: "jan.novak@example.cz", chief: true },
      { first: "Eva", last: "Nováková", born: "1981-07-02" },
      { first: "Tomáš", last: "Novák", born: "2012-11-20" },
      { first: "Anna", last: "Nováková", born: "2016-05-09" },
    ],
  },
  {
    type: "Household",
    name: "Dvořákovi, Bráfova 3",
    shortName: "Dvořákovi",
    street: "Bráfova",
    streetNumber: "3",
    conscriptionNumber: "112",
    cityDistrict: "Nové Dvory",
    totalFee: "1200.00",
    payers: [
      { first: "Josef", last: "Dvořák", born: "1949-01-30", chief: true },
      { first: "Marie", last: "Dvořáková", born: "1952-09-12" },
    ],
  },
  {
    type: "ApartmentBuilding",
    name: BUILDING,
    shortName: "BD S. Osovského",
    ...BUILDING_ADDRESS,
    totalFee: "0.00",
    payers: [],
  },
  {
    type: "Apartment",
    name: "Byt 1 – Svobodovi",
    ...BUILDING_ADDRESS,
    parent: BUILDING,
    totalFee: "1800.00",
    feePaid: true,
    payers: [
      { first: "Petr", last: "Svoboda", born: "1990-04-18", email: "petr.svoboda@example.cz", chief: true },
      { first: "Lucie", last: "Svobodová", born: "1992-12-01" },
      { first: "Ondřej", last: "Svoboda", born: "2020-02-15" },
    ],
  },
  {
    type: "Apartment",
    name: "Byt 2 – Černá",
    ...BUILDING_ADDRESS,
    parent: BUILDING,
    totalFee: "600.00",
    payers: [{ first: "Jiřina", last: "Černá", born: "1944-06-23", chief: true, otherDiscount: ZTP }],
  },
  {
    type: "Apartment",
    name: "Byt 3 – Procházkovi",
    ...BUILDING_ADDRESS,
    parent: BUILDING,
    totalFee: "1200.00",
    payers: [
      { first: "Martin", last: "Procházka", born: "1985-10-10", chief: true },
      { first: "Kateřina", last: "Procházková", born: "1987-01-25", email: "katerina.p@example.cz" },
    ],
  },
  {
    type: "Household",
    name: "Kučerovi, Žerotínova 48",
    shortName: "Kučerovi",
    street: "Žerotínova",
    streetNumber: "48",
    conscriptionNumber: "1021",
    cityDistrict: "Horka-Domky",
    totalFee: "1800.00",
    feePaid: true,
    payers: [
      { first: "Pavel", last: "Kučera", born: "1970-08-08", chief: true },
      { first: "Jana", last: "Kučerová", born: "1972-03-03" },
      { first: "Jakub", last: "Kučera", born: "2001-12-12" },
    ],
  },
  {
    type: "Company",
    name: "Pekařství U Zlatého klasu",
    shortName: "Pekařství Klas",
    street: "Karlovo náměstí",
    streetNumber: "17",
    conscriptionNumber: "53",
    cityDistrict: "Vnitřní Město",
    totalFee: "5400.00",
    operator: { ico: "25596641", name: "Zlatý klas s.r.o." },
    payers: [],
  },
  {
    type: "Cottage",
    name: "Chata Pocoucov 7",
    shortName: "Chata Pocoucov",
    street: "Pocoucov",
    streetNumber: "7",
    conscriptionNumber: null,
    provisionalNumber: "7",
    cityDistrict: "Pocoucov",
    totalFee: "600.00",
    payers: [{ first: "Věra", last: "Veselá", born: "1958-11-11", email: "vera.vesela@example.cz", chief: true }],
  },
  {
    type: "Household",
    name: "Horákovi, Spojovací 5",
    shortName: "Horákovi",
    street: "Spojovací",
    streetNumber: "5",
    conscriptionNumber: "401",
    cityDistrict: "Týn",
    totalFee: "1200.00",
    payers: [
      { first: "Lukáš", last: "Horák", born: "1995-06-30", chief: true },
      { first: "Tereza", last: "Horáková", born: "1996-02-14" },
    ],
  },
];

export async function seedDemoCity(tx: Db, municipalityId: number): Promise<void> {
  // The municipality's fixed discounts (spec 001 §3 Discount, §5 automatic groups): children in two age levels and
  // seniors, applied from the date of birth, and one 'Other' discount assigned by hand (docs/discounts-expenditures.md).
  const discounts = await tx
    .insert(discount)
    .values([
      {
        municipalityId,
        name: "Děti 0–5 let",
        type: "Age",
        group: "Child",
        ageFrom: 0,
        ageUntil: 5,
        feeDiscount: "500.00",
      },
      {
        municipalityId,
        name: "Děti 6–17 let",
        type: "Age",
        group: "Child",
        ageFrom: 6,
        ageUntil: 17,
        feeDiscount: "300.00",
        description: "Do dovršení zletilosti v roce poplatku.",
      },
      {
        municipalityId,
        name: "Senioři od 70 let",
        type: "Age",
        group: "Senior",
        ageFrom: 70,
        ageUntil: null,
        feeDiscount: "400.00",
      },
      {
        municipalityId,
        name: ZTP,
        type: "Other",
        group: "ZTP/P",
        feeDiscount: "600.00",
        description: "Na žádost s kopií průkazu.",
      },
    ])
    .returning({ id: discount.id, name: discount.name });
  const discountId = new Map(discounts.map((d) => [d.name, d.id]));
  const ids = new Map<string, number>();
  let vs = 2026001;
  for (const p of PLACES) {
    const [row] = await tx
      .insert(subject)
      .values({
        municipalityId,
        type: p.type,
        name: p.name,
        shortName: p.shortName ?? null,
        variableSymbol: String(vs++),
        street: p.street,
        streetNumber: p.streetNumber,
        conscriptionNumber: p.conscriptionNumber,
        provisionalNumber: p.provisionalNumber ?? null,
        cityDistrict: p.cityDistrict,
        ...TREBIC,
        parentId: p.parent ? ids.get(p.parent)! : null,
        totalFee: p.totalFee ?? "0",
        feePaid: p.feePaid ?? false,
        operatorIdentificationNumber: p.operator?.ico ?? null,
        operatorCompanyName: p.operator?.name ?? null,
      })
      .returning({ id: subject.id });
    ids.set(p.name, row!.id);
    for (const payer of p.payers) {
      const [fp] = await tx
        .insert(feePayer)
        .values({
          municipalityId,
          type: "Resident",
          firstName: payer.first,
          lastName: payer.last,
          dateOfBirth: payer.born,
          email: payer.email ?? null,
          variableSymbol: String(vs++),
          streetAddress: p.conscriptionNumber
            ? `${p.street} ${p.conscriptionNumber}/${p.streetNumber}`
            : `${p.street} ev. č. ${p.provisionalNumber}`,
          ...TREBIC,
          activeFrom: "2024-01-01",
          registered: Boolean(payer.email),
        })
        .returning({ id: feePayer.id });
      if (payer.otherDiscount)
        await tx
          .insert(feePayerDiscount)
          .values({ feePayerId: fp!.id, discountId: discountId.get(payer.otherDiscount)! });
      await tx.insert(subjectFeePayer).values({
        municipalityId,
        subjectId: row!.id,
        feePayerId: fp!.id,
        validFrom: "2024-01-01",
        isChief: payer.chief ?? false,
      });
    }
  }
  await tx.execute(sql`update ${subject} s set member_count = (
    select count(distinct m.fee_payer_id)::int from ${subjectFeePayer} m where m.subject_id = s.id and m.valid_to is null
  ) where s.municipality_id = ${municipalityId}`);
}
