/**
 * Spec 001 §2 Distribution centres: the chart of served and unserved collection points (weekly or monthly) above
 * the table of the municipality's centres (name, phone, e-mail, users, reports, last report; search; sort by name
 * or report count) — spec 000 §2 …/modules/distribution-centers.
 */
import type { Route } from "./+types/list";
import { formatDate } from "#contract/calendar";
import { distributionCentreListKeys } from "#contract/lists";
import { centreChartQuery, centreList as listContract, type CentreListItem } from "#contract/distribution-centre";
import { defineList } from "~/lib/list";
import { readListParams } from "~/lib/list-params";
import { requireId } from "~/lib/route-checks";
import { requirePermission } from "~/server/guard.server";
import { pageTitle } from "~/components/page-title";
import { ListPage } from "~/components/list-page";
import { column, countColumn, linkColumn, textColumn } from "~/components/list-columns";
import { searchFilter } from "~/lib/list-filters";
import { useTranslation } from "~/i18n/use-translation";
import { CentreChart } from "./+shared/chart";
import { centrePath, centresPath } from "./+shared/ui";

export const handle = pageTitle("distributionCenter:list.title");

/** A row with its municipality, so its link can be made in the list definition. */
type Row = CentreListItem & { municipalityId: number };

function LastReport({ day }: { day: string | null }) {
  const { i18n } = useTranslation();
  return <>{day ? formatDate(day, i18n.language) : "–"}</>;
}

export const centreTable = defineList(distributionCentreListKeys, {
  filters: [searchFilter("distributionCenter")],
  columns: [
    linkColumn(
      "name",
      "distributionCenter:field.name",
      (r: Row) => centrePath(r.municipalityId, r.id),
      (r: Row) => r.name,
    ),
    textColumn("phone", "distributionCenter:field.phone", (r: Row) => r.phone),
    textColumn("email", "distributionCenter:field.email", (r: Row) => r.email),
    countColumn("userCount", "distributionCenter:field.userCount", (r: Row) => r.userCount),
    countColumn("reportCount", "distributionCenter:field.reportCount", (r: Row) => r.reportCount),
    column("lastReportDate", "distributionCenter:field.lastReportDate", (r: Row) => (
      <LastReport day={r.lastReportDate} />
    )),
  ],
});

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "distributionCenter.aDetail");
  const listParams = readListParams(listContract, request.url);
  // A wrong period in the URL shows the default (monthly) chart rather than an error page.
  const asked = centreChartQuery.safeParse({ period: new URL(request.url).searchParams.get("period") ?? undefined });
  const chartQuery = asked.success ? asked.data : centreChartQuery.parse({});
  const [list, chart] = await Promise.all([
    api.distributionCentre.list({ municipalityId, ...listParams }),
    api.distributionCentre.chart({ municipalityId, period: chartQuery.period }),
  ]);
  return {
    ...list,
    items: list.items.map((i) => ({ ...i, municipalityId })),
    params: listParams,
    municipalityId,
    chart,
  };
}

export default function CentreList({ loaderData }: Route.ComponentProps) {
  return (
    <ListPage
      ns="distributionCenter"
      list={loaderData}
      def={centreTable}
      create={{ to: `${centresPath(loaderData.municipalityId)}/create` }}
      above={<CentreChart chart={loaderData.chart} />}
    />
  );
}
