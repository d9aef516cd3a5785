import type { Route } from "./+types/errors-csv";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { fileRefused, passFile } from "~/server/file-download.server";
import { IMPORTS_PATH, importPath } from "./+shared/ui";

/** Resource route: the import's whole error log as a CSV file (the API writes it page by page). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const importJobId = requireId(params.importJobId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "import.aDetail");
  const res = await api.file.import.errorsCsv({ municipalityId, importJobId });
  const file = passFile(res, { contentType: "text/csv", fallbackName: `chyby-importu-${importJobId}.csv` });
  return (
    file ??
    fileRefused(api, context, res, {
      back: importPath(importJobId),
      gone: IMPORTS_PATH,
      failed: "import:flash.fileFailed",
    })
  );
}
