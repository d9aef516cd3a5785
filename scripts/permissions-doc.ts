import fs from "node:fs";
import path from "node:path";
import { ACTIONS, ENTITIES, permissionsForRole } from "../contract/permissions";
import { ROLES } from "../contract/roles";

/** docs/permissions.md is generated from contract/permissions.ts; a unit test fails when they differ. */
export function permissionsMarkdown(): string {
  const roles = ROLES.filter((r) => r.active);
  const short = { aAdd: "A", aEdit: "E", aRemove: "R", aDetail: "D" } as const;
  const lines = [
    "# Permissions (role → permission matrix)",
    "",
    "Generated from `contract/permissions.ts` by `npx tsx scripts/permissions-doc.ts`; do not edit by hand.",
    "A permission is `entity.action` (spec 000 §6). Letters: D = aDetail (show), A = aAdd, E = aEdit, R = aRemove.",
    "Municipality roles see only the municipalities assigned to them; ADMIN and ADMIN_READ_ONLY see all.",
    "Inactive roles of spec 001 §6 (2, 6, 7, 8, 10, 12, 14, 15) have no permissions and are not offered.",
    "",
    `| entity | ${roles.map((r) => `${r.name} (${r.id})`).join(" | ")} |`,
    `|---|${roles.map(() => "---").join("|")}|`,
  ];
  for (const entity of ENTITIES) {
    const cells = roles.map((r) => {
      const perms = permissionsForRole(r.name);
      return ACTIONS.filter((a) => perms.includes(`${entity}.${a}`)).map((a) => short[a]).join("") || "–";
    });
    lines.push(`| ${entity} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n") + "\n";
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(path.resolve(import.meta.dirname, "../docs/permissions.md"), permissionsMarkdown());
  console.log("docs/permissions.md written");
}
