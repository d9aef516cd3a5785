import type { Permission } from "#contract/permissions";

/** Spec 000 §2 navigation groups. Only screens that exist are listed; each names the permission it needs. */
export const NAV_GROUPS = [
  "overview",
  "wasteEvidence",
  "infrastructure",
  "fees",
  "reports",
  "settings",
  "administration",
] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface NavItem {
  group: NavGroup;
  to: string;
  labelKey: string;
  label: string;
  permission?: Permission;
}

export const NAV_ITEMS: NavItem[] = [
  { group: "overview", to: "/dashboard", labelKey: "nav.dashboard", label: "Přehled" },
  {
    group: "infrastructure",
    to: "/infrastructure/subjects",
    labelKey: "nav.subjects",
    label: "Odběrná místa",
    permission: "subject.aDetail",
  },
  {
    group: "infrastructure",
    to: "/infrastructure/fee-payers",
    labelKey: "nav.feePayers",
    label: "Poplatníci",
    permission: "feePayer.aDetail",
  },
  {
    group: "infrastructure",
    to: "/infrastructure/waste-evidence-headers",
    labelKey: "nav.wasteEvidenceHeaders",
    label: "Nádoby",
    permission: "wasteEvidenceHeader.aDetail",
  },
  {
    group: "infrastructure",
    to: "/infrastructure/waste-cards",
    labelKey: "nav.wasteCards",
    label: "Karty odpadu",
    permission: "wasteCard.aDetail",
  },
  {
    group: "administration",
    to: "/administration/print-batches",
    labelKey: "nav.printBatches",
    label: "Generování štítků",
    permission: "printBatch.aDetail",
  },
  {
    group: "administration",
    to: "/administration/waste-bins",
    labelKey: "nav.wasteBins",
    label: "Odpady a nádoby",
    permission: "municipality.aDetail",
  },
  {
    group: "administration",
    to: "/administration/municipalities",
    labelKey: "nav.municipalities",
    label: "Obce",
    permission: "municipality.aDetail",
  },
  {
    group: "administration",
    to: "/administration/devices",
    labelKey: "nav.devices",
    label: "Správa zařízení",
    permission: "device.aDetail",
  },
  {
    group: "administration",
    to: "/administration/users",
    labelKey: "nav.users",
    label: "Uživatelé",
    permission: "user.aDetail",
  },
];

export const NAV_GROUP_LABELS: Record<NavGroup, string> = {
  overview: "Přehled",
  wasteEvidence: "Evidence odpadu",
  infrastructure: "Infrastruktura",
  fees: "Poplatky",
  reports: "Reporty",
  settings: "Nastavení",
  administration: "Administrace",
};

export function visibleNav(permissions: readonly string[]) {
  const items = NAV_ITEMS.filter((i) => !i.permission || permissions.includes(i.permission));
  return NAV_GROUPS.map((group) => ({ group, items: items.filter((i) => i.group === group) })).filter(
    (g) => g.items.length > 0,
  );
}

/**
 * Spec 000 §2 quick actions (assign a code, create a new collection point, print a label), each shown to users
 * with the permission its screen needs.
 */
export const QUICK_ACTIONS: NavItem[] = [
  {
    group: "infrastructure",
    to: "/infrastructure/waste-evidence-headers/create?tab=assign",
    labelKey: "quick.assignCode",
    label: "Přiřadit kód",
    permission: "wasteEvidenceHeader.aEdit",
  },
  {
    group: "administration",
    to: "/administration/print-batches/create",
    labelKey: "quick.printLabel",
    label: "Vytisknout štítek",
    permission: "printBatch.aAdd",
  },
  {
    group: "infrastructure",
    to: "/infrastructure/subjects/create",
    labelKey: "quick.newSubject",
    label: "Nové odběrné místo",
    permission: "subject.aAdd",
  },
];

export function visibleQuickActions(permissions: readonly string[]) {
  return QUICK_ACTIONS.filter((i) => !i.permission || permissions.includes(i.permission));
}
