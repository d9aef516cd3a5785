import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { can, canAssignRole, permissionsForRole } from "#contract/permissions";
import { isAdministrator, isMunicipalityManager } from "#contract/roles";
import { permissionsMarkdown } from "../../scripts/permissions-doc";

describe("permission model (spec 000 §6)", () => {
  it("docs/permissions.md is the matrix of contract/permissions.ts", () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/permissions.md"), "utf8");
    expect(doc).toBe(permissionsMarkdown());
  });

  it("ADMIN_READ_ONLY holds only aDetail permissions; ADMIN holds every one", () => {
    const ro = permissionsForRole("ADMIN_READ_ONLY");
    expect(ro.length).toBeGreaterThan(10);
    expect(ro.every((p) => p.endsWith(".aDetail"))).toBe(true);
    expect(permissionsForRole("ADMIN")).toContain("municipality.aRemove");
  });

  it("checks 'entity.action', or only the action when no entity is given", () => {
    expect(can(["municipality.aEdit"], "aEdit", "municipality")).toBe(true);
    expect(can(["municipality.aEdit"], "aEdit", "user")).toBe(false);
    expect(can(["user.aEdit"], "aEdit")).toBe(true);
    expect(can(["user.aDetail"], "aEdit")).toBe(false);
  });

  it("administrator = either admin role; municipality manager only as the sole role", () => {
    expect(isAdministrator(["ADMIN_READ_ONLY"])).toBe(true);
    expect(isAdministrator(["MUNICIPALITY_MANAGER"])).toBe(false);
    expect(isMunicipalityManager(["MUNICIPALITY_MANAGER"])).toBe(true);
    expect(isMunicipalityManager(["MUNICIPALITY_MANAGER", "OPERATOR"])).toBe(false);
  });

  it("decision 0014: a role is given only by someone holding all its rights; admin roles only by ADMIN", () => {
    expect(canAssignRole(["ADMIN"], "ADMIN_READ_ONLY")).toBe(true);
    expect(canAssignRole(["ADMIN_READ_ONLY"], "ADMIN_READ_ONLY")).toBe(false);
    expect(canAssignRole(["MUNICIPALITY_MANAGER"], "ADMIN_READ_ONLY")).toBe(false);
    expect(canAssignRole(["MUNICIPALITY_MANAGER"], "MUNICIPALITY_MANAGER")).toBe(true);
    // Issue 15: the manager runs the municipality's collection-yard module, so appoints its yard managers.
    expect(canAssignRole(["MUNICIPALITY_MANAGER"], "C_YARD_MANAGER")).toBe(true);
    expect(canAssignRole(["MUNICIPALITY_WORKER"], "C_YARD_MANAGER")).toBe(false);
    expect(canAssignRole(["MUNICIPALITY_WORKER"], "MUNICIPALITY_MANAGER")).toBe(false);
    expect(canAssignRole(["MUNICIPALITY_WORKER"], "MUNICIPALITY_WORKER")).toBe(true);
    expect(canAssignRole(["C_YARD_MANAGER"], "C_YARD_WORKER")).toBe(true);
  });
});
