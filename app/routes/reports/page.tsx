/**
 * Reports (spec 001 §2 'Reports', spec 000 §2 /reports): a period's sums per bin, collection point or waste type as
 * a paged, sortable table with the totals, or the same rows as CSV ('Exportovat', ./export-csv.ts). The filters live
 * in the URL (a GET form), so it all works without JavaScript. The report is made once the form was sent (the URL
 * has a type); the external systems' exports are not offered (decision 0043).
 */
import { data, redirect } from "react-router";
import { reportList, reportRights } from "#contract/report";
import { useTranslation } from "~/i18n/use-translation";
import { pageTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";
import { SectionCard } from "~/components/section-card";
import { translateMessage } from "~/lib/messages";
import { readListParams } from "~/lib/list-params";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import type { Route } from "./+types/page";
import { ReportFilterForm } from "./+shared/filter-form";
import { ReportTable } from "./+shared/table";
import { quickPeriodUrl, reportFilterValues, reportQueryOf, thisYear } from "./+shared/filters";

export const handle = pageTitle("report:title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "report.aDetail");
  // The types and sources the role may read: the form offers those (the API refuses the others).
  const rights = reportRights(api.session.get("permissions") ?? []);
  const url = new URL(request.url);
  const quick = quickPeriodUrl(url.searchParams);
  if (quick) throw redirect(quick);
  const typed = reportFilterValues(url.searchParams);
  const { districts } = await api.report.options({ municipalityId });
  const params = readListParams(reportList, url);
  const values = { ...typed, ...(typed.dateFrom || typed.dateTo ? {} : thisYear()) };
  const switches = { records: typed.records !== "false", weight: typed.weight !== "false" };
  const base = { districts, params, values, switches, rights, report: null, errors: null };
  if (!url.searchParams.has("type") || rights.types.length === 0) return base;
  const res = await api.result.report.list({
    municipalityId,
    ...reportQueryOf(url.searchParams),
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
  });
  if (res.ok) {
    const r = res.data;
    return { ...base, values: { ...values, dateFrom: r.dateFrom, dateTo: r.dateTo }, report: r };
  }
  if (res.status !== 422) throw data({ message: res.problem.Message }, { status: res.status });
  // The API's messages under the fields, in the user's language.
  const t = await userT(api.session);
  const errors = Object.fromEntries(
    Object.entries(res.problem.errors ?? {}).map(([k, v]) => [k, v.map((m) => translateMessage(t, m))]),
  );
  return data({ ...base, errors }, { status: 422 });
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { districts, params, values, switches, rights, report, errors } = loaderData;
  if (rights.types.length === 0) {
    return (
      <div className="space-y-4">
        <PageHeader title={t("report:title")} subtitle={t("report:intro")} />
        <p className="text-sm text-slate-700">{t("report:noRights")}</p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <PageHeader title={t("report:title")} subtitle={t("report:intro")} />
      <SectionCard title={t("report:filter.title")}>
        <ReportFilterForm values={values} districts={districts} errors={errors} rights={rights} />
      </SectionCard>
      {report ? (
        <ReportTable report={report} params={params} switches={switches} />
      ) : (
        !errors && <p className="text-sm text-slate-700">{t("report:hint")}</p>
      )}
    </div>
  );
}
