/**
 * Spec 001 §2 Yard visits (spec 000 §2 /waste-collection-evidence/yard-reports): the list with its columns and
 * filters; each row prints its protocol, sends it by e-mail (an address is required; it may be kept on the payer),
 * is marked paid or deleted after a confirmation. Every action is a plain form post (no JavaScript needed).
 */
import { RowActionGrid } from "~/components/list-row-buttons";
import { Form } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import { PAYMENT_TYPES } from "#contract/enums";
import { yardReportListKeys } from "#contract/lists";
import {
  MAIL_STATUSES,
  protocolMailBody,
  yardReportList as listContract,
  type YardReportListItem,
} from "#contract/yard-report";
import { defineList, withFilterOptions } from "~/lib/list";
import { useCan } from "~/lib/permissions";
import { readListParams } from "~/lib/list-params";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { afterCall, backToList, formId, invalidAnswer, readIntent, unknownIntent } from "~/server/action.server";
import { pageTitle } from "~/components/page-title";
import { ListPage } from "~/components/list-page";
import { column } from "~/components/list-columns";
import {
  booleanFilter,
  dateRangeFilters,
  enumFilter,
  idOptions,
  optionsFilter,
  searchFilter,
} from "~/lib/list-filters";
import { RowDeleteDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import {
  Created,
  FeeAndPaid,
  MailDialog,
  MailStatusBadge,
  PayerAndYard,
  VisitTime,
  Wastes,
  Weight,
} from "./+shared/row";
import { YARD_REPORTS_PATH, protocolPath } from "./+shared/ui";
import type { Permission } from "#contract/permissions";

export const handle = pageTitle("yardReport:list.title");

export const yardReportTable = defineList(yardReportListKeys, {
  filters: [
    searchFilter("yardReport"),
    optionsFilter("yardId", "yardReport:field.yard"),
    ...dateRangeFilters("yardReport:list"),
    enumFilter("paymentType", "yardReport:field.paymentType", PAYMENT_TYPES, "yardReport:paymentType"),
    booleanFilter("paid", "yardReport:field.paid"),
    enumFilter("mailStatus", "yardReport:field.mailStatus", MAIL_STATUSES, "yardReport:mailStatus"),
  ],
  // Spec 001 §2's columns, folded to fit a 1400 px screen without sideways scrolling: the day with the visit's
  // times, the payer with the yard, the fee with whether it is paid, the wastes with their quantities in one cell (the
  // record count is their number), the client id and 'manually updated' under the created time; the municipality is
  // the active one.
  columns: [
    column("id", "yardReport:field.id", (r: YardReportListItem) => r.id),
    column("reportDate", "yardReport:field.dateAndTime", (r: YardReportListItem) => <VisitTime row={r} />, {
      className: "whitespace-nowrap",
    }),
    column("feePayerName", "yardReport:field.payerAndYard", (r: YardReportListItem) => <PayerAndYard row={r} />),
    column("wastes", "yardReport:field.wasteName", (r: YardReportListItem) => <Wastes row={r} />),
    column(
      "totalWeightKg",
      "yardReport:field.totalWeight",
      (r: YardReportListItem) => <Weight kg={r.totalWeightKg} />,
      {
        className: "whitespace-nowrap text-right",
      },
    ),
    column("fee", "yardReport:field.feeAndPaid", (r: YardReportListItem) => <FeeAndPaid row={r} />, {
      className: "whitespace-nowrap text-right",
    }),
    column("mailStatus", "yardReport:field.mailStatus", (r: YardReportListItem) => <MailStatusBadge row={r} />),
    column("createdAt", "yardReport:field.createdAt", (r: YardReportListItem) => <Created row={r} />),
  ],
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "yardReport.aDetail");
  const params = readListParams(listContract, request.url);
  const [list, yards] = await Promise.all([
    api.yardReport.list({ municipalityId, ...params }),
    api.collectionYard.options({ municipalityId }),
  ]);
  return { ...list, params, yards: yards.items.map(({ id, name }) => ({ id, name })) };
}

const PERMISSION: Record<string, Permission> = {
  paid: "yardReport.aEdit",
  mail: "yardReport.aEdit",
  delete: "yardReport.aRemove",
};

/** Row actions: 'paid', 'mail' (the protocol by e-mail) and 'delete'; each names the visit as `id`. */
export async function action({ request, context }: Route.ActionArgs) {
  const { formData, intent } = await readIntent(request);
  const { api, municipalityId } = await requireMunicipality(request, context, PERMISSION[intent] ?? "yardReport.aEdit");
  const t = await userT(api.session);
  const done = afterCall(api, context, intent);
  const yardReportId = formId(formData.get("id")) ?? 0;
  const target = String(yardReportId);
  const back = backToList(request);
  switch (intent) {
    case "paid":
      return done(
        await api.result.yardReport.setPaid({ municipalityId, yardReportId }, { paid: true }),
        back,
        t("yardReport:flash.paid"),
      );
    case "mail": {
      const values = {
        email: String(formData.get("email") ?? ""),
        storeOnFeePayer: formData.get("storeOnFeePayer") ? "on" : "",
      };
      const parsed = protocolMailBody.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, parsed.error, { target, values });
      // Spec 001 §8 'Protokol zaslaný e-mailom.': queued; the list shows Pending → Sent (or Failed).
      return done(
        await api.result.yardReport.mailProtocol({ municipalityId, yardReportId }, parsed.data),
        back,
        t("yardReport:flash.mailed"),
        { target, values },
      );
    }
    case "delete":
      return done(
        await api.result.yardReport.remove({ municipalityId, yardReportId }),
        back,
        t("yardReport:flash.deleted"),
      );
    default:
      return unknownIntent(intent, t);
  }
}

function RowActions({ row }: { row: YardReportListItem }) {
  const { t } = useTranslation();
  const canEdit = useCan("aEdit", "yardReport");
  const canRemove = useCan("aRemove", "yardReport");
  return (
    <RowActionGrid stacked>
      <Button to={protocolPath(row.id)} reloadDocument variant="ghost" size="sm">
        {t("yardReport:action.protocol")}
        <span className="sr-only"> {row.id}</span>
      </Button>
      {canEdit && !row.paid && (
        <Button to={`${YARD_REPORTS_PATH}/${row.id}/edit`} variant="ghost" size="sm">
          {t("yardReport:action.edit")}
          <span className="sr-only"> {row.id}</span>
        </Button>
      )}
      {canEdit && <MailDialog row={row} />}
      {canEdit && !row.paid && (
        <Form method="post" className="inline">
          <input type="hidden" name="intent" value="paid" />
          <input type="hidden" name="id" value={row.id} />
          <Button type="submit" variant="ghost" size="sm">
            {t("yardReport:action.setPaid")}
            <span className="sr-only"> {row.id}</span>
          </Button>
        </Form>
      )}
      {canRemove && <RowDeleteDialog ns="yardReport" id={row.id} values={{ id: row.id, name: row.feePayerName }} />}
    </RowActionGrid>
  );
}

export default function YardReportList({ loaderData, actionData }: Route.ComponentProps) {
  const def = withFilterOptions(yardReportTable, { yardId: idOptions(loaderData.yards) });
  // A dialog's failure is shown in its dialog; the page shows the rest.
  const pageAnswer = actionData && actionData.intent !== "mail" ? actionData : undefined;
  return (
    <ListPage
      ns="yardReport"
      list={loaderData}
      def={def}
      create={{ to: `${YARD_REPORTS_PATH}/create` }}
      answer={pageAnswer}
      rowActions={(row) => <RowActions row={row} />}
    />
  );
}
