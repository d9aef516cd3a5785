import { data } from "react-router";
import type { Route } from "./+types/export-csv";
import { distributionReportExportQuery } from "#contract/distribution-report";
import { requireMunicipality } from "~/server/guard.server";
import { passFile } from "~/server/file-download.server";

/** Resource route: the filtered distribution reports as CSV (the API writes it page by page; one line per sub row). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "distributionCenter.aDetail");
  const parsed = distributionReportExportQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const res = await api.file.distributionReport.exportCsv({ municipalityId, ...(parsed.success ? parsed.data : {}) });
  const file = passFile(res, { contentType: "text/csv", fallbackName: "hlaseni-vydejnich-mist.csv" });
  if (file) return file;
  throw data({ message: "Page Not Found" }, { status: 404 });
}
