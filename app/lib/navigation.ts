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
  permission?: Permission;
}

export const NAV_ITEMS: NavItem[] = [
  { group: "overview", to: "/dashboard", labelKey: "nav.dashboard" },
  {
    group: "infrastructure",
    to: "/infrastructure/subjects",
    labelKey: "nav.subjects",
    permission: "subject.aDetail",
  },
  {
    group: "infrastructure",
    to: "/infrastructure/fee-payers",
    labelKey: "nav.feePayers",
    permission: "feePayer.aDetail",
  },
  {
    group: "infrastructure",
    to: "/infrastructure/waste-evidence-headers",
    labelKey: "nav.wasteEvidenceHeaders",
    permission: "wasteEvidenceHeader.aDetail",
  },
  {
    group: "infrastructure",
    to: "/infrastructure/waste-cards",
    labelKey: "nav.wasteCards",
    permission: "wasteCard.aDetail",
  },
  {
    group: "administration",
    to: "/administration/print-batches",
    labelKey: "nav.printBatches",
    permission: "printBatch.aDetail",
  },
  {
    group: "administration",
    to: "/administration/waste-bins",
    labelKey: "nav.wasteBins",
    permission: "municipality.aDetail",
  },
  {
    group: "administration",
    to: "/administration/municipalities",
    labelKey: "nav.municipalities",
    permission: "municipality.aDetail",
  },
  {
    group: "administration",
    to: "/administration/devices",
    labelKey: "nav.devices",
    permission: "device.aDetail",
  },
  {
    group: "administration",
    to: "/administration/users",
    labelKey: "nav.users",
    permission: "user.aDetail",
  },
];

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
    permission: "wasteEvidenceHeader.aEdit",
  },
  {
    group: "administration",
    to: "/administration/print-batches/create",
    labelKey: "quick.printLabel",
    permission: "printBatch.aAdd",
  },
  {
    group: "infrastructure",
    to: "/infrastructure/subjects/create",
    labelKey: "quick.newSubject",
    permission: "subject.aAdd",
  },
];

export function visibleQuickActions(permissions: readonly string[]) {
  return QUICK_ACTIONS.filter((i) => !i.permission || permissions.includes(i.permission));
}
