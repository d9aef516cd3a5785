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
import { pageTitle } from "~/components/page-title";
import { ListPage } from "~/components/list-page";
import { column, countColumn, nameColumn, textColumn } from "~/components/list-columns";
import { searchFilter } from "~/lib/list-filters";
import { useTranslation } from "~/i18n/use-translation";
import { loadModuleList } from "../+shared/record-pages.server";
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
    nameColumn<Row>("distributionCenter:field.name", (id, r) => centrePath(r.municipalityId, id)),
    textColumn("phone", "distributionCenter:field.phone", (r: Row) => r.phone),
    textColumn("email", "distributionCenter:field.email", (r: Row) => r.email),
    countColumn("userCount", "distributionCenter:field.userCount", (r: Row) => r.userCount),
    countColumn("reportCount", "distributionCenter:field.reportCount", (r: Row) => r.reportCount),
    column("lastReportDate", "distributionCenter:field.lastReportDate", (r: Row) => (
      <LastReport day={r.lastReportDate} />
    )),
  ],
});

/** The centres, and the chart above them; a wrong period in the URL shows the default (monthly) chart, not an error. */
export const loader = (args: Route.LoaderArgs) =>
  loadModuleList(
    args,
    "distributionCenter",
    listContract,
    (api) => api.distributionCentre.list,
    async (api, municipalityId) => {
      const asked = centreChartQuery.safeParse({
        period: new URL(args.request.url).searchParams.get("period") ?? undefined,
      });
      const { period } = asked.success ? asked.data : centreChartQuery.parse({});
      return { chart: await api.distributionCentre.chart({ municipalityId, period }) };
    },
  );

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
