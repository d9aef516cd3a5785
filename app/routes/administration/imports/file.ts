import type { Route } from "./+types/file";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { fileRefused, passFile } from "~/server/file-download.server";
import { IMPORTS_PATH, importPath } from "./+shared/ui";

/** Resource route: the original uploaded file of an import job, as it was sent (404 once deleted). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const importJobId = requireId(params.importJobId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "import.aDetail");
  const res = await api.file.import.file({ municipalityId, importJobId });
  const file = passFile(res, { contentType: "text/csv", fallbackName: `import-${importJobId}.csv` });
  return (
    file ??
    fileRefused(api, context, res, {
      back: importPath(importJobId),
      gone: IMPORTS_PATH,
      failed: "import:flash.fileFailed",
    })
  );
}
