/**
 * Word lists for realistic Czech and Slovak synthetic data: municipality names built the way real ones are
 * ("Horní Lhota", "Nová Ves u Brna", "Veľká Lehota nad Hronom"), real district names, personal names.
 */
import type { Random } from "./random";

export type Gender = "m" | "f" | "n";

/** Real town names, used as they are (about a tenth of the generated municipalities). */
// prettier-ignore
export const CZ_TOWNS = [
  "Třebíč", "Jihlava", "Velké Meziříčí", "Žďár nad Sázavou", "Havlíčkův Brod", "Pelhřimov", "Humpolec", "Telč",
  "Moravské Budějovice", "Náměšť nad Oslavou", "Bystřice nad Pernštejnem", "Nové Město na Moravě", "Chotěboř",
  "Světlá nad Sázavou", "Pacov", "Kamenice nad Lipou", "Třešť", "Polná", "Brtnice", "Hrotovice", "Jemnice",
  "Kutná Hora", "Kolín", "Benešov", "Vlašim", "Příbram", "Beroun", "Rakovník", "Kladno", "Slaný", "Mělník",
  "Mladá Boleslav", "Nymburk", "Poděbrady", "Písek", "Strakonice", "Tábor", "Jindřichův Hradec", "Prachatice",
  "Český Krumlov", "Klatovy", "Domažlice", "Tachov", "Rokycany", "Cheb", "Sokolov", "Karlovy Vary", "Chomutov",
  "Louny", "Žatec", "Litoměřice", "Děčín", "Teplice", "Most", "Česká Lípa", "Liberec", "Jablonec nad Nisou",
  "Semily", "Turnov", "Jičín", "Trutnov", "Náchod", "Rychnov nad Kněžnou", "Hradec Králové", "Pardubice",
  "Chrudim", "Svitavy", "Ústí nad Orlicí", "Šumperk", "Jeseník", "Olomouc", "Prostějov", "Přerov", "Vyškov",
  "Blansko", "Boskovice", "Kroměříž", "Uherské Hradiště", "Zlín", "Vsetín", "Valašské Meziříčí", "Hodonín",
  "Břeclav", "Znojmo", "Mikulov", "Ivančice", "Kuřim", "Tišnov", "Bruntál", "Opava", "Nový Jičín", "Frýdek-Místek",
  "Karviná", "Havířov", "Kopřivnice", "Hranice", "Lipník nad Bečvou", "Uničov", "Litovel", "Mohelnice",
];

// prettier-ignore
export const SK_TOWNS = [
  "Žilina", "Martin", "Prešov", "Trnava", "Nitra", "Banská Bystrica", "Zvolen", "Poprad", "Košice", "Trenčín",
  "Piešťany", "Senica", "Skalica", "Komárno", "Levice", "Lučenec", "Rožňava", "Michalovce", "Humenné", "Bardejov",
  "Liptovský Mikuláš", "Ružomberok", "Dolný Kubín", "Čadca", "Považská Bystrica", "Prievidza", "Partizánske",
  "Topoľčany", "Nové Zámky", "Dunajská Streda", "Galanta", "Pezinok", "Malacky", "Senec", "Petržalka",
];

interface Root {
  word: string;
  gender: Gender;
}

// prettier-ignore
const CZ_ROOTS: Root[] = [
  { word: "Lhota", gender: "f" }, { word: "Ves", gender: "f" }, { word: "Lhotka", gender: "f" },
  { word: "Bystřice", gender: "f" }, { word: "Víska", gender: "f" }, { word: "Dobrá", gender: "f" },
  { word: "Olešná", gender: "f" }, { word: "Lipnice", gender: "f" }, { word: "Radostín", gender: "m" },
  { word: "Újezd", gender: "m" }, { word: "Dvůr", gender: "m" }, { word: "Hradec", gender: "m" },
  { word: "Bor", gender: "m" }, { word: "Brod", gender: "m" }, { word: "Dvorec", gender: "m" },
  { word: "Týnec", gender: "m" }, { word: "Mlýnec", gender: "m" }, { word: "Rybník", gender: "m" },
  { word: "Heřmanice", gender: "f" }, { word: "Petrovice", gender: "f" }, { word: "Pavlovice", gender: "f" },
  { word: "Jakubov", gender: "m" }, { word: "Hostákov", gender: "m" }, { word: "Rokytnice", gender: "f" },
  { word: "Smrk", gender: "m" }, { word: "Zhoř", gender: "m" }, { word: "Studenec", gender: "m" },
  { word: "Pole", gender: "n" }, { word: "Město", gender: "n" }, { word: "Sedlo", gender: "n" },
  { word: "Opatovice", gender: "f" }, { word: "Kněžice", gender: "f" }, { word: "Ostrov", gender: "m" },
  { word: "Lazce", gender: "f" }, { word: "Čermná", gender: "f" }, { word: "Slavětín", gender: "m" },
];

// prettier-ignore
const SK_ROOTS: Root[] = [
  { word: "Lehota", gender: "f" }, { word: "Ves", gender: "f" }, { word: "Poruba", gender: "f" },
  { word: "Lúka", gender: "f" }, { word: "Dolina", gender: "f" }, { word: "Bystrica", gender: "f" },
  { word: "Hradište", gender: "n" }, { word: "Pole", gender: "n" }, { word: "Mesto", gender: "n" },
  { word: "Brod", gender: "m" }, { word: "Vrbovec", gender: "m" }, { word: "Hrádok", gender: "m" },
  { word: "Kamenec", gender: "m" }, { word: "Ostrov", gender: "m" }, { word: "Háj", gender: "m" },
];

/** Adjective prefixes by gender; "Horní"/"Dolní" do not change. */
// prettier-ignore
const CZ_PREFIXES: Record<Gender, string[]> = {
  m: ["Horní", "Dolní", "Velký", "Malý", "Nový", "Starý", "Vysoký", "Červený", "Bílý", "Černý", "Dlouhý", "Krásný"],
  f: ["Horní", "Dolní", "Velká", "Malá", "Nová", "Stará", "Vysoká", "Červená", "Bílá", "Černá", "Dlouhá", "Krásná"],
  n: ["Horní", "Dolní", "Velké", "Malé", "Nové", "Staré", "Vysoké", "Červené", "Bílé", "Černé", "Dlouhé", "Krásné"],
};
// prettier-ignore
const SK_PREFIXES: Record<Gender, string[]> = {
  m: ["Horný", "Dolný", "Veľký", "Malý", "Nový", "Starý", "Vysoký", "Červený", "Biely"],
  f: ["Horná", "Dolná", "Veľká", "Malá", "Nová", "Stará", "Vysoká", "Červená", "Biela"],
  n: ["Horné", "Dolné", "Veľké", "Malé", "Nové", "Staré", "Vysoké", "Červené", "Biele"],
};

// prettier-ignore
const CZ_SUFFIXES = [
  "nad Sázavou", "u Brna", "pod Radhoštěm", "nad Labem", "u Jihlavy", "nad Oslavou", "v Podještědí", "u Třebíče",
  "nad Jizerou", "pod Sněžkou", "u Tábora", "nad Vltavou", "na Moravě", "u Rokycan", "nad Orlicí", "pod Blaníkem",
];
// prettier-ignore
const SK_SUFFIXES = ["nad Váhom", "pri Bratislave", "pod Tatrami", "nad Hronom", "nad Ondavou", "pri Žiline", "nad Myjavou"];

/** Districts (okresy) with the country; used for municipalities and as filter values. */
// prettier-ignore
export const CZ_DISTRICTS = [
  "Třebíč", "Jihlava", "Žďár nad Sázavou", "Havlíčkův Brod", "Pelhřimov", "Benešov", "Beroun", "Kladno", "Kolín",
  "Kutná Hora", "Mělník", "Mladá Boleslav", "Nymburk", "Příbram", "Rakovník", "České Budějovice", "Český Krumlov",
  "Jindřichův Hradec", "Písek", "Prachatice", "Strakonice", "Tábor", "Domažlice", "Klatovy", "Plzeň-jih",
  "Plzeň-sever", "Rokycany", "Tachov", "Cheb", "Karlovy Vary", "Sokolov", "Chomutov", "Děčín", "Litoměřice",
  "Louny", "Most", "Teplice", "Česká Lípa", "Jablonec nad Nisou", "Liberec", "Semily", "Hradec Králové", "Jičín",
  "Náchod", "Rychnov nad Kněžnou", "Trutnov", "Chrudim", "Pardubice", "Svitavy", "Ústí nad Orlicí", "Blansko",
  "Brno-venkov", "Břeclav", "Hodonín", "Vyškov", "Znojmo", "Jeseník", "Olomouc", "Prostějov", "Přerov", "Šumperk",
  "Kroměříž", "Uherské Hradiště", "Vsetín", "Zlín", "Bruntál", "Frýdek-Místek", "Karviná", "Nový Jičín", "Opava",
];
// prettier-ignore
export const SK_DISTRICTS = [
  "Bratislava V", "Malacky", "Pezinok", "Senec", "Dunajská Streda", "Galanta", "Piešťany", "Senica", "Skalica",
  "Trnava", "Nitra", "Komárno", "Levice", "Nové Zámky", "Topoľčany", "Trenčín", "Prievidza", "Považská Bystrica",
  "Žilina", "Martin", "Čadca", "Dolný Kubín", "Liptovský Mikuláš", "Ružomberok", "Banská Bystrica", "Zvolen",
  "Lučenec", "Rožňava", "Poprad", "Prešov", "Bardejov", "Humenné", "Košice-okolie", "Michalovce",
];

// prettier-ignore
export const CZ_FIRST = {
  m: ["Jan", "Petr", "Josef", "Pavel", "Martin", "Tomáš", "Jaroslav", "Miroslav", "Zdeněk", "Václav", "Jiří", "Karel", "Lukáš", "Ondřej", "Radek"],
  f: ["Marie", "Jana", "Eva", "Hana", "Anna", "Lenka", "Kateřina", "Věra", "Lucie", "Alena", "Petra", "Jitka", "Zuzana", "Tereza", "Ivana"],
};
// prettier-ignore
export const CZ_LAST = {
  m: ["Novák", "Svoboda", "Novotný", "Dvořák", "Černý", "Procházka", "Kučera", "Veselý", "Horák", "Němec", "Marek", "Pospíšil", "Hájek", "Jelínek", "Král", "Růžička", "Beneš", "Fiala", "Sedláček", "Doležal"],
  f: ["Nováková", "Svobodová", "Novotná", "Dvořáková", "Černá", "Procházková", "Kučerová", "Veselá", "Horáková", "Němcová", "Marková", "Pospíšilová", "Hájková", "Jelínková", "Králová", "Růžičková", "Benešová", "Fialová", "Sedláčková", "Doležalová"],
};
// prettier-ignore
export const SK_FIRST = {
  m: ["Ján", "Peter", "Jozef", "Michal", "Martin", "Tomáš", "Juraj", "Marek", "Ľubomír", "Štefan"],
  f: ["Mária", "Jana", "Eva", "Zuzana", "Katarína", "Lucia", "Monika", "Ľudmila", "Veronika", "Martina"],
};
// prettier-ignore
export const SK_LAST = {
  m: ["Horváth", "Kováč", "Varga", "Tóth", "Nagy", "Baláž", "Szabó", "Molnár", "Lukáč", "Kollár"],
  f: ["Horváthová", "Kováčová", "Vargová", "Tóthová", "Nagyová", "Balážová", "Szabóová", "Molnárová", "Lukáčová", "Kollárová"],
};

/** A municipality name in the shape of real ones. */
export function municipalityName(rnd: Random, country: "CZ" | "SK"): string {
  const towns = country === "CZ" ? CZ_TOWNS : SK_TOWNS;
  if (rnd.chance(0.1)) return rnd.pick(towns);
  const root = rnd.pick(country === "CZ" ? CZ_ROOTS : SK_ROOTS);
  const prefixes = country === "CZ" ? CZ_PREFIXES : SK_PREFIXES;
  const parts: string[] = [];
  if (rnd.chance(0.65)) parts.push(rnd.pick(prefixes[root.gender]));
  parts.push(root.word);
  if (rnd.chance(0.3)) parts.push(rnd.pick(country === "CZ" ? CZ_SUFFIXES : SK_SUFFIXES));
  return parts.join(" ");
}

export function personName(rnd: Random, country: "CZ" | "SK"): { first: string; last: string } {
  const g = rnd.chance(0.5) ? "m" : "f";
  const first = country === "CZ" ? CZ_FIRST : SK_FIRST;
  const last = country === "CZ" ? CZ_LAST : SK_LAST;
  return { first: rnd.pick(first[g]), last: rnd.pick(last[g]) };
}

/** ASCII slug for user names, e-mail domains: "Žďár nad Sázavou" → "zdar-nad-sazavou". */
export function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A Czech IČO with a valid check digit (municipalities' IČO start with 00). */
export function czechIco(rnd: Random): string {
  const digits = [0, 0, ...Array.from({ length: 5 }, () => rnd.int(0, 9))];
  const sum = digits.reduce((s, d, i) => s + d * (8 - i), 0);
  const check = (11 - (sum % 11)) % 10;
  return `${digits.join("")}${check}`;
}
