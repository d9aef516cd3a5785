import { redirect } from "react-router";
import type { Route } from "./+types/export-csv";
import { reportList } from "#contract/report";
import { readListParams } from "~/lib/list-params";
import { requireMunicipality } from "~/server/guard.server";
import { fileRefused, passFile } from "~/server/file-download.server";
import { REPORTS_PATH, reportQueryOf } from "./+shared/filters";

/**
 * Resource route: the report as CSV with the form's filters (the API writes it a page at a time). Filters the API
 * refuses (422) lead back to the report, which shows their messages under the fields.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "report.aDetail");
  const sp = new URL(request.url).searchParams;
  const { sort } = readListParams(reportList, sp);
  const res = await api.file.report.exportCsv({ municipalityId, ...reportQueryOf(sp), sort });
  const file = passFile(res, { contentType: "text/csv", fallbackName: "report.csv" });
  if (file) return file;
  if (res.status === 422) return redirect(`${REPORTS_PATH}?${sp}`);
  return fileRefused(api, context, res, { back: REPORTS_PATH, failed: "report:exportFailed" });
}
