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
  labels: string;
  permission?: Permission;
  /**
   * Where the item leads is a redirect into a municipality's module (…/modules/<name>): those pages are the item's,
   * not the municipalities' list, so the navigation marks this item there.
   */
  module?: string;
}

/** The item a path belongs to when it is a module page (…/municipalities/{id}/modules/<name>…), else undefined. */
export function moduleItemOf(items: NavItem[], pathname: string): NavItem | undefined {
  const name = /^\/administration\/municipalities\/\d+\/modules\/([^/]+)/.exec(pathname)?.[1];
  return name ? items.find((i) => i.module === name) : undefined;
}

export const NAV_ITEMS: NavItem[] = [
  { group: "overview", to: "/dashboard", labels: "nav.dashboard" },
  {
    group: "wasteEvidence",
    to: "/waste-collection-evidence/waste-collections",
    labels: "nav.wasteCollections",
    permission: "wasteCollection.aDetail",
  },
  {
    group: "wasteEvidence",
    to: "/waste-collection-evidence/waste-evidences",
    labels: "nav.wasteEvidences",
    permission: "wasteEvidence.aDetail",
  },
  {
    group: "wasteEvidence",
    to: "/waste-collection-evidence/yard-reports",
    labels: "nav.yardReports",
    permission: "yardReport.aDetail",
  },
  {
    group: "wasteEvidence",
    to: "/waste-collection-evidence/distribution-reports",
    labels: "nav.distributionReports",
    permission: "distributionCenter.aDetail",
  },
  {
    group: "infrastructure",
    to: "/infrastructure/subjects",
    labels: "nav.subjects",
    permission: "subject.aDetail",
  },
  {
    group: "infrastructure",
    to: "/infrastructure/fee-payers",
    labels: "nav.feePayers",
    permission: "feePayer.aDetail",
  },
  {
    group: "infrastructure",
    to: "/infrastructure/waste-evidence-headers",
    labels: "nav.wasteEvidenceHeaders",
    permission: "wasteEvidenceHeader.aDetail",
  },
  {
    group: "infrastructure",
    to: "/infrastructure/waste-cards",
    labels: "nav.wasteCards",
    permission: "wasteCard.aDetail",
  },
  {
    group: "fees",
    to: "/fees/fees",
    labels: "nav.fees",
    permission: "fee.aDetail",
  },
  {
    group: "fees",
    to: "/fees/discounts",
    labels: "nav.discounts",
    permission: "discount.aDetail",
  },
  {
    group: "fees",
    to: "/fees/expenditures",
    labels: "nav.expenditures",
    permission: "expenditure.aDetail",
  },
  {
    group: "reports",
    to: "/reports",
    labels: "nav.reports",
    permission: "report.aDetail",
  },
  {
    group: "administration",
    to: "/administration/print-batches",
    labels: "nav.printBatches",
    permission: "printBatch.aDetail",
  },
  {
    group: "administration",
    to: "/administration/waste-bins",
    module: "waste-bins",
    labels: "nav.wasteBins",
    permission: "municipality.aDetail",
  },
  {
    group: "administration",
    to: "/administration/waste-collection-yards",
    module: "waste-collection-yards",
    labels: "nav.collectionYards",
    permission: "collectionYard.aDetail",
  },
  {
    group: "administration",
    to: "/administration/distribution-centers",
    module: "distribution-centers",
    labels: "nav.distributionCentres",
    permission: "distributionCenter.aDetail",
  },
  {
    group: "administration",
    to: "/administration/municipalities",
    labels: "nav.municipalities",
    permission: "municipality.aDetail",
  },
  {
    group: "administration",
    to: "/administration/devices",
    labels: "nav.devices",
    permission: "device.aDetail",
  },
  {
    group: "administration",
    to: "/administration/users",
    labels: "nav.users",
    permission: "user.aDetail",
  },
  {
    group: "administration",
    to: "/administration/imports",
    labels: "nav.imports",
    permission: "import.aDetail",
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
    labels: "quick.assignCode",
    permission: "wasteEvidenceHeader.aEdit",
  },
  {
    group: "administration",
    to: "/administration/print-batches/create",
    labels: "quick.printLabel",
    permission: "printBatch.aAdd",
  },
  {
    group: "infrastructure",
    to: "/infrastructure/subjects/create",
    labels: "quick.newSubject",
    permission: "subject.aAdd",
  },
];

export function visibleQuickActions(permissions: readonly string[]) {
  return QUICK_ACTIONS.filter((i) => !i.permission || permissions.includes(i.permission));
}
