import type { LoaderFunctionArgs } from "react-router";
import type { ApiClient } from "~/server/api.server";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { fileRefused, passFile } from "~/server/file-download.server";
import { IMPORTS_PATH, importPath } from "./ui";

/**
 * A CSV of one import job (its original file, its error log) passed on as a download; one the API cannot give goes
 * back to the job (or to the imports when the job is gone) with the reason.
 */
export function importJobCsvLoader(
  read: (api: ApiClient, ids: { municipalityId: number; importJobId: number }) => Promise<Response>,
  fallbackName: (importJobId: number) => string,
) {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    const importJobId = requireId(params.importJobId, request);
    const { api, municipalityId } = await requireMunicipality(request, context, "import.aDetail");
    const res = await read(api, { municipalityId, importJobId });
    return (
      passFile(res, { contentType: "text/csv", fallbackName: fallbackName(importJobId) }) ??
      fileRefused(api, context, res, {
        back: importPath(importJobId),
        gone: IMPORTS_PATH,
        failed: "import:flash.fileFailed",
      })
    );
  };
}
