/**
 * Roles: the numbered roles of spec 001 §6 with their labels, and the role names of spec 000 §6.
 * Roles without a name in spec 000 get an upper-case name in the same style.
 */
export const ROLES = [
  { id: 1, name: "MUNICIPALITY_MANAGER", label: "municipality admin", active: true },
  { id: 2, name: "CODE_DISPENSER", label: "code dispenser", active: false },
  { id: 3, name: "COLLECTION_WORKER", label: "collection worker", active: true },
  { id: 4, name: "CITIZEN", label: "citizen", active: true },
  { id: 5, name: "ADMIN", label: "JRK admin", active: true },
  { id: 6, name: "CODE_MANAGER", label: "code manager", active: false },
  { id: 7, name: "KTS_USER", label: "KTS user", active: false },
  { id: 8, name: "KTS_USER_2", label: "KTS user", active: false },
  { id: 9, name: "C_YARD_MANAGER", label: "yard admin", active: true },
  { id: 10, name: "RECORD_EDITOR", label: "record editing", active: false },
  { id: 11, name: "ADMIN_READ_ONLY", label: "JRK admin read-only", active: true },
  { id: 12, name: "ROLE_12", label: "inactive role", active: false },
  { id: 13, name: "REUSE_CENTER_WORKER", label: "reuse centre worker", active: true },
  { id: 14, name: "COLLECTIONS_READ_ONLY", label: "read-only collections", active: false },
  { id: 15, name: "TABLET_SYNC", label: "tablet synchronisation", active: false },
  { id: 16, name: "REUSE_CENTER_MANAGER", label: "reuse centre admin", active: true },
  { id: 17, name: "COLLECTION_COMPANY_ADMIN", label: "collection company admin", active: true },
  { id: 18, name: "ACCOUNTANT", label: "accountant", active: true },
  { id: 19, name: "DRIVER", label: "driver", active: true },
  { id: 20, name: "OPERATOR", label: "operator", active: true },
  { id: 21, name: "MUNICIPALITY_WORKER", label: "municipality worker", active: true },
  { id: 22, name: "BIN_MARKER", label: "bin marker", active: true },
  { id: 23, name: "VISITOR", label: "visitor", active: true },
  { id: 24, name: "C_YARD_WORKER", label: "yard worker", active: true },
] as const;

export type RoleName = (typeof ROLES)[number]["name"];

export const ADMIN_ROLES: readonly RoleName[] = ["ADMIN", "ADMIN_READ_ONLY"];
/** Spec 000 §6: roles allowed to register users by e-mail. */
export const EMAIL_REGISTRATION_ROLES: readonly RoleName[] = [
  "ADMIN",
  "ADMIN_READ_ONLY",
  "MUNICIPALITY_MANAGER",
  "MUNICIPALITY_WORKER",
];

/** Spec 000 §6: an administrator holds either admin role. */
export function isAdministrator(roles: readonly string[]): boolean {
  return roles.some((r) => (ADMIN_ROLES as readonly string[]).includes(r));
}

/** Spec 000 §6: administrators and managers create a user with a password; workers only invite by e-mail. */
export function maySetPassword(roles: readonly string[]): boolean {
  return isAdministrator(roles) || roles.includes("MUNICIPALITY_MANAGER");
}

/** Spec 000 §6: a municipality manager only if that is the sole role. */
export function isMunicipalityManager(roles: readonly string[]): boolean {
  return roles.length === 1 && roles[0] === "MUNICIPALITY_MANAGER";
}
