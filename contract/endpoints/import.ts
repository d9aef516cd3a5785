import { listAnswer } from "../common";
import { inMunicipality, municipalityTenancy as tenancy, municipalityRecordCalls } from "./shared";
import { endpoint } from "../endpoint";
import { importErrorList, importJobAnswer, importJobErrorRow, importJobList } from "../import";
import type { Permission } from "../permissions";

const importJob = municipalityRecordCalls("import", "import", "importJobId");

/**
 * Administration → Imports (spec 000 §2 /administration/imports*, spec 001 §2 'Imports', issue 13): every import
 * job of the municipality, whatever its type. An upload answers at once (202) with the job, which then runs in the
 * background; its page reads the job until it is finished.
 */
export const importEndpoints = {
  list: importJob.list(
    "List import jobs (type, state, created from/to; newest first, paged)",
    importJobList.query,
    importJobAnswer,
  ),
  create: endpoint({
    method: "post",
    path: importJob.base,
    summary: "Upload a file to import (multipart: 'type', then 'file'); answers the queued job at once",
    permission: "import.aAdd",
    tenancy,
    params: inMunicipality,
    bodyKind: "multipart",
    status: 202,
    response: importJobAnswer,
  }),
  get: endpoint({
    method: "get",
    path: importJob.one,
    summary: "An import job: state, progress and counts (total, accepted, unchanged, rejected rows)",
    permission: "import.aDetail",
    tenancy,
    params: importJob.byRecord,
    response: importJobAnswer,
  }),
  errors: endpoint({
    method: "get",
    path: `${importJob.one}/errors`,
    summary: "The rejected rows of an import job (row number, category, reason, the row as in the file), paged",
    permission: "import.aDetail",
    tenancy,
    params: importJob.byRecord,
    query: importErrorList.query,
    response: listAnswer(importJobErrorRow),
  }),
  errorsCsv: endpoint({
    method: "get",
    path: `${importJob.one}/errors.csv`,
    summary: "All rejected rows of an import job as a CSV file (UTF-8 with BOM, ';')",
    permission: "import.aDetail",
    tenancy,
    params: importJob.byRecord,
    answer: "binary",
  }),
  file: endpoint({
    method: "get",
    path: `${importJob.one}/file`,
    summary: "The original uploaded file of an import job (404 once deleted)",
    permission: "import.aDetail",
    tenancy,
    params: importJob.byRecord,
    answer: "binary",
  }),
  deleteFile: endpoint({
    method: "delete",
    path: `${importJob.one}/file`,
    summary: "Delete the stored file of a finished import job (its counts and error log stay)",
    permission: "import.aRemove",
    tenancy,
    params: importJob.byRecord,
  }),
};

/**
 * An import type's own upload and job calls, below its area's path (…/waste-card/import, …/waste-collection/import):
 * the area's users follow their imports without seeing every import of the municipality (import.aDetail).
 */
export function areaImportEndpoints<const Add extends Permission, const Read extends Permission>(
  area: string,
  what: string,
  permissions: { add: Add; read: Read },
) {
  const path = `/municipality/:municipalityId/${area}/import`;
  return {
    import: endpoint({
      method: "post",
      path,
      summary: `Import ${what} (multipart: the form's fields, then 'file'); answers the queued job at once`,
      permission: permissions.add,
      tenancy,
      params: inMunicipality,
      bodyKind: "multipart",
      status: 202,
      response: importJobAnswer,
    }),
    importJob: endpoint({
      method: "get",
      path: `${path}/:importJobId`,
      summary: `An import job of ${what}: state, progress and counts`,
      permission: permissions.read,
      tenancy,
      params: importJob.byRecord,
      response: importJobAnswer,
    }),
    importErrors: endpoint({
      method: "get",
      path: `${path}/:importJobId/errors`,
      summary: `The rejected rows of an import job of ${what} (row number, category, reason, the row), paged`,
      permission: permissions.read,
      tenancy,
      params: importJob.byRecord,
      query: importErrorList.query,
      response: listAnswer(importJobErrorRow),
    }),
  };
}
