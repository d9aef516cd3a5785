import { ADMIN_ROLES, type RoleName } from "./roles";

/**
 * Permission model (spec 000 §6): a permission is the string 'entity.action'. This file is the single
 * source of the role → permission matrix; it is seeded into the database and documented in
 * docs/permissions.md.
 */
export const ACTIONS = ["aAdd", "aEdit", "aRemove", "aDetail"] as const;
export type Action = (typeof ACTIONS)[number];

export const ENTITIES = [
  "municipality",
  "user",
  "subject",
  "feePayer",
  "wasteEvidenceHeader",
  "wasteCard",
  "wasteCollection",
  "wasteEvidence",
  "yardReport",
  "collectionYard",
  "fee",
  "discount",
  "expenditure",
  "motivationProgram",
  "printBatch",
  "import",
  "device",
  "externalService",
  "distributionCenter",
  "report",
  "dashboard",
  "suggestion",
  "settings",
] as const;
export type Entity = (typeof ENTITIES)[number];
export type Permission = `${Entity}.${Action}`;

const all = (entity: Entity): Permission[] => ACTIONS.map((a) => `${entity}.${a}` as Permission);
const read = (entity: Entity): Permission => `${entity}.aDetail`;

/**
 * The areas of a municipality's daily work: every entity but the municipality itself and its users, its collection
 * yards (a module of their own), and the provider's devices, external services, dashboard and settings.
 */
const OUTSIDE_AREAS: Entity[] = [
  "municipality",
  "user",
  "collectionYard",
  "device",
  "externalService",
  "dashboard",
  "settings",
];
const MUNICIPALITY_AREAS = ENTITIES.filter((e) => !OUTSIDE_AREAS.includes(e));

export const ROLE_PERMISSIONS: Partial<Record<RoleName, Permission[]>> = {
  ADMIN: ENTITIES.flatMap(all),
  ADMIN_READ_ONLY: ENTITIES.map(read),
  MUNICIPALITY_MANAGER: [
    "municipality.aDetail",
    "municipality.aEdit",
    ...all("user"),
    ...MUNICIPALITY_AREAS.flatMap(all),
    // The collection-yard module of the manager's municipality (spec 000 §2 …/modules/waste-collection-yards).
    ...all("collectionYard"),
    "device.aDetail",
    "externalService.aDetail",
    "dashboard.aDetail",
    "settings.aDetail",
  ],
  MUNICIPALITY_WORKER: [
    "municipality.aDetail",
    "user.aDetail",
    // Spec 000 §6: workers register users by e-mail (the user service allows them nothing else).
    "user.aAdd",
    ...MUNICIPALITY_AREAS.filter((e) => !["motivationProgram", "fee"].includes(e)).flatMap((e) =>
      e === "import" ? [read(e)] : all(e),
    ),
    "fee.aDetail",
    "motivationProgram.aDetail",
    "collectionYard.aDetail",
    "dashboard.aDetail",
  ],
  OPERATOR: [
    "municipality.aDetail",
    ...["subject", "feePayer", "wasteEvidenceHeader", "wasteCard", "wasteCollection", "wasteEvidence"].flatMap((e) =>
      all(e as Entity),
    ),
    "dashboard.aDetail",
    "report.aDetail",
  ],
  C_YARD_MANAGER: [
    "municipality.aDetail",
    ...all("yardReport"),
    ...all("collectionYard").filter((p) => p !== "collectionYard.aRemove"),
    "feePayer.aDetail",
    "subject.aDetail",
    "dashboard.aDetail",
  ],
  C_YARD_WORKER: [
    "municipality.aDetail",
    "yardReport.aAdd",
    "yardReport.aDetail",
    "feePayer.aDetail",
    "collectionYard.aDetail",
  ],
  REUSE_CENTER_MANAGER: ["municipality.aDetail", ...all("distributionCenter"), "dashboard.aDetail"],
  REUSE_CENTER_WORKER: ["municipality.aDetail", "distributionCenter.aDetail", "distributionCenter.aEdit"],
  COLLECTION_COMPANY_ADMIN: [
    "municipality.aDetail",
    ...all("wasteCollection"),
    ...all("wasteEvidence"),
    "wasteEvidenceHeader.aDetail",
    "subject.aDetail",
    "dashboard.aDetail",
  ],
  ACCOUNTANT: ["municipality.aDetail", ...all("fee"), "discount.aDetail", ...all("expenditure"), "report.aDetail"],
  DRIVER: ["wasteCollection.aDetail", "wasteEvidence.aAdd", "wasteEvidence.aDetail"],
  COLLECTION_WORKER: ["wasteCollection.aDetail", "wasteEvidence.aAdd", "wasteEvidence.aDetail"],
  BIN_MARKER: ["wasteEvidenceHeader.aDetail", "wasteEvidenceHeader.aEdit", "subject.aDetail"],
  VISITOR: ["municipality.aDetail", "dashboard.aDetail"],
  CITIZEN: [],
};

export function permissionsForRole(role: string): Permission[] {
  return [...new Set(ROLE_PERMISSIONS[role as RoleName] ?? [])];
}

/** Spec 000 §6 permission check: 'entity.action' must be in the list; with no entity only the action counts. */
export function can(permissions: readonly string[], action: Action, entity?: Entity): boolean {
  if (!entity) return permissions.some((p) => p.endsWith(`.${action}`));
  return permissions.includes(`${entity}.${action}`);
}

/**
 * Who may give a role to a user (decision 0014, no escalation): the admin roles, which reach every municipality,
 * only an ADMIN; any other role only someone who holds each of its permissions. The municipality the new user
 * gets is one the caller manages (checked by the user service), so a role never reaches further than its giver.
 */
export function canAssignRole(callerRoles: readonly string[], target: string): boolean {
  if ((ADMIN_ROLES as readonly string[]).includes(target)) return callerRoles.includes("ADMIN");
  const mine = new Set(callerRoles.flatMap(permissionsForRole));
  return permissionsForRole(target).every((p) => mine.has(p));
}
