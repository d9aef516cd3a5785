import type { Route } from "./+types/export-csv";
import { distributionReportExportQuery } from "#contract/distribution-report";
import { requireMunicipality } from "~/server/guard.server";
import { fileRefused, passFile } from "~/server/file-download.server";
import { DISTRIBUTION_REPORTS_PATH } from "./+shared/ui";

/** Resource route: the filtered distribution reports as CSV (the API writes it page by page; one line per sub row). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "distributionCenter.aDetail");
  const parsed = distributionReportExportQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const res = await api.file.distributionReport.exportCsv({ municipalityId, ...(parsed.success ? parsed.data : {}) });
  const file = passFile(res, { contentType: "text/csv", fallbackName: "hlaseni-vydejnich-mist.csv" });
  return (
    file ??
    fileRefused(api, context, res, { back: DISTRIBUTION_REPORTS_PATH, failed: "distributionReport:flash.exportFailed" })
  );
}
