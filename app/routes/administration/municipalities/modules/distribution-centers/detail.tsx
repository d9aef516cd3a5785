/**
 * Spec 001 §2 Distribution centres → detail 'with users and reports': the centre's data and counts, the points it
 * served and left unserved (the list's chart for this centre), its users (add, move, remove) and its latest reports linking to the distribution reports screen; edit and delete (refused while
 * the centre has reports).
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/detail";
import { formatDate } from "#contract/calendar";
import { assignUserBody, centreChartQuery, type CentreReport } from "#contract/distribution-centre";
import { formatNumber } from "~/lib/format";
import { useCan } from "~/lib/permissions";
import { useMessage } from "~/lib/messages";
import { submitForm } from "~/server/form.server";
import { formAnswer, formId, redirectWithFlash, unknownIntent } from "~/server/action.server";
import { recordTitle } from "~/components/page-title";
import { moduleDetailAction, moduleDetailPage } from "../+shared/record-pages.server";
import { DetailPage } from "~/components/detail-page";
import { SectionCard } from "~/components/section-card";
import { DetailFact, FieldRows } from "~/components/detail-row";
import { DeleteDialog } from "~/components/confirm-dialog";
import { RecordLink } from "~/components/record-link";
import { RowsTable } from "~/components/rows-table";
import { stateBadge } from "~/components/state-badge";
import { Alert } from "~/components/ui/alert";
import { TD, TH, TR } from "~/components/ui/table";
import { ADD_USER_DIALOG, UsersCard } from "./+shared/users-card";
import { CentreChart } from "./+shared/chart";
import { centrePath, centreReportsPath, centresPath } from "./+shared/ui";

export const handle = recordTitle<Route.ComponentProps["loaderData"]>("distributionCenter", (d) => d.centre.name);

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const { municipalityId, id: centreId, api } = await moduleDetailPage(args, "distributionCenter", "distributionId");
  const url = new URL(request.url);
  const search = url.searchParams.get("userSearch") ?? "";
  // The add-user dialog's picker is fetched only while the dialog is open (decision 0011).
  const adding =
    url.searchParams.get("dialog") === ADD_USER_DIALOG &&
    (api.session.get("permissions") ?? []).includes("distributionCenter.aEdit");
  // The centre's own chart: its period from the URL, a wrong one gives the default (monthly).
  const asked = centreChartQuery.safeParse({ period: url.searchParams.get("period") ?? undefined });
  const period = asked.success ? asked.data.period : "month";
  const [centre, chart, options] = await Promise.all([
    api.distributionCentre.detail({ municipalityId, centreId }),
    api.distributionCentre.chart({ municipalityId, centreId, period }),
    adding
      ? api.distributionCentre.userOptions({ municipalityId, search: search || undefined }).then((r) => r.items)
      : Promise.resolve([]),
  ]);
  return { municipalityId, centre, chart, options, search };
}

/** Add and remove a user, delete the centre; told apart by `intent`, each a plain form post. */
export async function action(args: Route.ActionArgs) {
  const { context } = args;
  const {
    municipalityId,
    id: centreId,
    formData,
    intent,
    api,
    t,
    done,
    deleted,
  } = await moduleDetailAction(args, "distributionCenter", "distributionId");
  const here = centrePath(municipalityId, centreId);
  switch (intent) {
    case "addUser": {
      const outcome = await submitForm(formData, assignUserBody, (value) =>
        api.distributionCentre.addUser({ municipalityId, centreId }, value),
      );
      if (!outcome.ok) return formAnswer(intent, outcome);
      return redirectWithFlash(api, context, here, t("distributionCenter:flash.userAdded"));
    }
    case "removeUser": {
      const userId = formId(formData.get("userId")) ?? 0;
      return done(
        await api.result.distributionCentre.removeUser({ municipalityId, centreId, userId }),
        here,
        t("distributionCenter:flash.userRemoved"),
      );
    }
    case "delete":
      return deleted(
        await api.result.distributionCentre.remove({ municipalityId, centreId }),
        centresPath(municipalityId),
      );
    default:
      return unknownIntent(intent, t);
  }
}

const ReportState = stateBadge<CentreReport["state"]>("distributionCenter:reportState", {
  unprocessed: "blue",
  processed: "green",
  warning: "amber",
  error: "red",
  discarded: "gray",
});

export default function CentreDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const shown = useMessage();
  const { centre, chart, municipalityId, options, search } = loaderData;
  const canEdit = useCan("aEdit", "distributionCenter");
  const canRemove = useCan("aRemove", "distributionCenter");
  const day = (d: string | null) => (d ? formatDate(d, i18n.language) : "–");
  const failed = actionData?.intent !== "addUser" ? actionData?.message : undefined;
  return (
    <DetailPage
      ns="distributionCenter"
      list={centresPath(municipalityId)}
      edit={canEdit && `${centrePath(municipalityId, centre.id)}/edit`}
      title={centre.name}
      subtitle={[centre.phone, centre.email].filter(Boolean).join(" · ") || undefined}
      actions={canRemove && <DeleteDialog ns="distributionCenter" values={{ name: centre.name }} answer={actionData} />}
    >
      {failed && <Alert tone="error">{shown(failed)}</Alert>}
      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title={t("distributionCenter:section.basic")}>
          <dl>
            <FieldRows ns="distributionCenter" record={centre} keys={["name", "phone", "email"]} />
          </dl>
        </SectionCard>
        <SectionCard title={t("distributionCenter:section.counts")}>
          <dl className="grid gap-4 sm:grid-cols-3">
            <DetailFact label={t("distributionCenter:field.userCount")}>{formatNumber(centre.userCount)}</DetailFact>
            <DetailFact label={t("distributionCenter:field.reportCount")}>
              {formatNumber(centre.reportCount)}
            </DetailFact>
            <DetailFact label={t("distributionCenter:field.lastReportDate")}>{day(centre.lastReportDate)}</DetailFact>
          </dl>
        </SectionCard>
      </div>
      <CentreChart chart={chart} />
      <UsersCard
        centreId={centre.id}
        users={centre.users}
        canEdit={canEdit}
        options={options}
        search={search}
        addResult={actionData?.intent === "addUser" ? actionData.result : undefined}
      />
      <SectionCard
        title={t("distributionCenter:section.reports")}
        titleId="centre-reports"
        actions={<RecordLink to={centreReportsPath(centre.id)}>{t("distributionCenter:reports.all")}</RecordLink>}
      >
        <RowsTable
          rows={centre.latestReports}
          empty={t("distributionCenter:reports.empty")}
          head={
            <>
              <TH>{t("distributionCenter:field.reportDate")}</TH>
              <TH>{t("distributionCenter:field.subject")}</TH>
              <TH>{t("distributionCenter:field.state")}</TH>
              <TH className="text-right">{t("distributionCenter:field.recordCount")}</TH>
            </>
          }
        >
          {(r) => (
            <TR key={r.id}>
              <TD>{day(r.reportDate)}</TD>
              <TD>
                {r.subjectId ? (
                  <RecordLink to={`/infrastructure/subjects/${r.subjectId}`}>
                    {r.subjectName ?? `#${r.subjectId}`}
                  </RecordLink>
                ) : (
                  "–"
                )}
              </TD>
              <TD>
                <ReportState state={r.state} />
              </TD>
              <TD className="text-right tabular-nums">{formatNumber(r.recordCount)}</TD>
            </TR>
          )}
        </RowsTable>
      </SectionCard>
    </DetailPage>
  );
}
