import { data } from "react-router";
import type { Route } from "./+types/file";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { passFile } from "~/server/file-download.server";

/** Resource route: the original uploaded file of an import job, as it was sent (404 once deleted). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const importJobId = requireId(params.importJobId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "import.aDetail");
  const res = await api.file.import.file({ municipalityId, importJobId });
  const file = passFile(res, { contentType: "text/csv", fallbackName: `import-${importJobId}.csv` });
  if (file) return file;
  throw data({ message: "Page Not Found" }, { status: 404 });
}
