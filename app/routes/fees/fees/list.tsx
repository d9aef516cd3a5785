/**
 * Fees → Fees (spec 001 §2 'Fees'; issue 14 part 2): the cards of the chosen year (fees, discounts, final fee,
 * total expenditure, total income), the fee statistics, and the table of the payers' fees with its filters; fees are
 * marked paid or unpaid singly (the row's button) or in bulk. The fees are written by the recalculation
 * (docs/fees.md); the year is the list's filter, so the cards and the table always show the same year.
 */
import { Form } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import { SUBJECT_TYPES } from "#contract/enums";
import { feeList, feeYears, type FeeListItem } from "#contract/fee";
import { feeListKeys } from "#contract/lists";
import { defineList, withFilterOptions } from "~/lib/list";
import { booleanFilter, enumFilter, optionsFilter, searchFilter } from "~/lib/list-filters";
import { readListParams } from "~/lib/list-params";
import { useCan } from "~/lib/permissions";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { apiAnswer, formAnswer, formId, readIntent, redirectWithFlash, unknownIntent } from "~/server/action.server";
import { submitForm } from "~/server/form.server";
import { bulkChange, listUrl } from "~/server/list-action.server";
import { baseFeeSettingBody } from "#contract/fee-calculation";
import { DialogLink } from "~/components/form-dialog";
import { DIALOG_PARAM } from "~/components/ui/dialog";
import { FEE_DIALOG, FeeExplanationDialog } from "./+shared/explanation";
import { YearSettingsCard, type YearSettings } from "./+shared/year-settings";
import { pageTitle } from "~/components/page-title";
import { ListPage } from "~/components/list-page";
import { column, refColumn, RECORD_LINK } from "~/components/list-columns";
import { Money } from "~/components/money";
import { Button } from "~/components/ui/button";
import { Link } from "react-router";
import { FeePaidBadge, feePayerPath, subjectPath } from "~/routes/infrastructure/subjects/+shared/ui";
import { FeeCards, FeeStatistics } from "./+shared/summary";
import { baseFeeSimulationOf, simulateBaseFee } from "./+shared/base-fee-simulation.server";
import { SIMULATE_FIELD } from "../+shared/simulation";
import { SIMULATION_PARAM } from "../+shared/simulation.server";
import { NoticeRowActions, PaymentNoticesCard } from "./+shared/payment-notices";
import { RowActionGrid } from "~/components/list-row-buttons";
import { loadNoticeState, NOTICE_INTENTS, noticeAction } from "./+shared/payment-notices.server";

export const handle = pageTitle("fee:list.title");

const money = (value: (row: FeeListItem) => string) => (row: FeeListItem) => <Money value={value(row)} />;
const right = { align: "right" as const };

export const feeTable = defineList(feeListKeys, {
  filters: [
    optionsFilter("year", "fee:field.year"),
    searchFilter("fee", true),
    booleanFilter("paid", "fee:field.paid"),
    enumFilter("subjectType", "fee:field.subjectType", SUBJECT_TYPES, "subject:type"),
    booleanFilter("discounted", "fee:list.discounted"),
  ],
  columns: [
    column("name", "fee:field.feePayer", (row: FeeListItem) =>
      row.feePayerId ? (
        <Link className={RECORD_LINK} to={feePayerPath(row.feePayerId)}>
          {row.feePayerName ?? `#${row.feePayerId}`}
        </Link>
      ) : (
        "–"
      ),
    ),
    column("variableSymbol", "fee:field.variableSymbol"),
    refColumn("subjectName", "fee:field.subject", (row: FeeListItem) => row.subjectId, subjectPath),
    column(
      "baseFee",
      "fee:field.baseFee",
      money((r) => r.baseFee),
      right,
    ),
    column(
      "totalFee",
      "fee:field.totalFee",
      money((r) => r.totalFee),
      right,
    ),
    column(
      "totalDiscount",
      "fee:field.totalDiscount",
      (row: FeeListItem) => (
        <span title={row.fixedDiscountNames ?? undefined}>
          <Money value={row.totalDiscount} />
        </span>
      ),
      right,
    ),
    column(
      "finalFee",
      "fee:field.finalFee",
      money((r) => r.finalFee),
      right,
    ),
    column("paid", "fee:field.paid", (row: FeeListItem) => <FeePaidBadge paid={row.paid} />),
  ],
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "fee.aDetail");
  const params = readListParams(feeList, request.url);
  const sp = new URL(request.url).searchParams;
  // The fee explained in the dialog (?dialog=fee&feeId=…); another municipality's or a wrong id shows 'not found'.
  const feeId = sp.get(DIALOG_PARAM) === FEE_DIALOG ? formId(sp.get("feeId")) : null;
  const [list, summary] = await Promise.all([
    api.fee.list({ municipalityId, ...params }),
    api.fee.summary({ municipalityId, year: params.year }),
  ]);
  const year = summary.year;
  const [baseFee, calculations, explanation, simulation, notices] = await Promise.all([
    api.feeCalculation.baseFee({ municipalityId, year }),
    api.feeCalculation.calculations({ municipalityId, year }),
    feeId
      ? api.result.feeCalculation.explanation({ municipalityId, feeId }).then((r) => (r.ok ? r.data : null))
      : Promise.resolve(null),
    // The base fee dialog's simulation (?simulation=), reopened with its proposal.
    baseFeeSimulationOf(api, municipalityId, request, year),
    loadNoticeState(api, municipalityId, year),
  ]);
  const latest = calculations.items.find(
    (c) => c.kind === "Calculation" && c.state !== "Queued" && c.state !== "Running",
  );
  const settings: YearSettings = {
    year,
    setting: baseFee.setting,
    pending: calculations.pending,
    lastDone: calculations.lastDone,
    lastFailed: latest?.state === "Failed" ? latest : null,
    simulation,
  };
  return { ...list, params, summary, settings, explanation, notices };
}

/**
 * Spec 001 §2: mark fees paid or unpaid, the selected ones or one row's (nothing selected → 'Vyberte položky.'); the
 * base fee edit modal; the recalculate popup. Each needs fee.aEdit.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "fee.aEdit");
  const t = await userT(api.session);
  const { formData, intent } = await readIntent(request);
  switch (intent) {
    case "markPaid":
    case "markUnpaid": {
      const paid = intent === "markPaid";
      return bulkChange(
        { request, context, api, t, formData, intent },
        "feeIds",
        (feeIds) => api.fee.setPaid({ municipalityId }, { feeIds, paid }),
        paid ? t("fee:flash.markedPaid") : t("fee:flash.markedUnpaid"),
      );
    }
    case "saveBaseFee": {
      if (formData.has(SIMULATE_FIELD)) return simulateBaseFee({ request, context, api, t, municipalityId, formData });
      const outcome = await submitForm(formData, baseFeeSettingBody, (value) =>
        api.feeCalculation.saveBaseFee({ municipalityId }, value),
      );
      if (!outcome.ok) return formAnswer(intent, outcome);
      return redirectWithFlash(
        api,
        context,
        listUrl(request, [DIALOG_PARAM, SIMULATION_PARAM]),
        t("fee:flash.baseFeeSaved"),
      );
    }
    case "recalculate": {
      const res = await api.result.feeCalculation.recalculate(
        { municipalityId },
        { year: formId(formData.get("year")) ?? 0 },
      );
      if (!res.ok) return apiAnswer(intent, res);
      return redirectWithFlash(api, context, listUrl(request, [DIALOG_PARAM]), t("fee:flash.recalculationQueued"));
    }
    default:
      if (NOTICE_INTENTS.includes(intent))
        return noticeAction({ request, context, api, t, municipalityId, formData, intent });
      return unknownIntent(intent, t);
  }
}

/** One fee's own 'paid' / 'unpaid' button: a form of its own (the bulk form's checkboxes are outside it). */
function PaidToggle({ row }: { row: FeeListItem }) {
  const { t } = useTranslation();
  const name = row.feePayerName ?? `#${row.feePayerId}`;
  return (
    <Form method="post">
      <input type="hidden" name="ids" value={row.id} />
      <Button
        type="submit"
        name="intent"
        value={row.paid ? "markUnpaid" : "markPaid"}
        variant="ghost"
        size="sm"
        aria-label={t(row.paid ? "fee:action.markUnpaidOf" : "fee:action.markPaidOf", { name })}
      >
        {t(row.paid ? "fee:action.markUnpaid" : "fee:action.markPaid")}
      </Button>
    </Form>
  );
}

export default function FeeList({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const canEdit = useCan("aEdit", "fee");
  const { summary } = loaderData;
  // The years that have fees or a base fee, and the selector's years (a new year's fees are set ahead); no year
  // in the URL is the current one, so the empty option names it.
  const current = feeYears()[1]!;
  const years = [...new Set([...summary.years, ...feeYears()])].filter((y) => y !== current).sort((a, b) => b - a);
  const withYears = withFilterOptions(feeTable, {
    year: years.map((y) => ({ value: String(y), label: String(y) })),
  });
  const def = {
    ...withYears,
    filters: withYears.filters.map((f) => (f.key === "year" ? { ...f, allLabel: String(current) } : f)),
  };
  return (
    <ListPage
      ns="fee"
      list={loaderData}
      def={def}
      answer={actionData}
      resetAfter={["markPaid", "markUnpaid", "mailSelected"]}
      bulkCan={canEdit}
      bulkActions={[
        { intent: "markPaid", label: t("fee:action.markPaidSelected") },
        { intent: "markUnpaid", label: t("fee:action.markUnpaidSelected") },
        { intent: "mailSelected", label: t("paymentNotice:action.mailSelected") },
      ]}
      emptyMessage={t("fee:list.empty", { year: summary.year })}
      rowActions={(row) => (
        <RowActionGrid stacked>
          <DialogLink name={FEE_DIALOG} size="sm" variant="ghost" params={{ feeId: String(row.id) }}>
            {t("fee:action.explain")}
            <span className="sr-only"> {row.feePayerName}</span>
          </DialogLink>
          {canEdit && <PaidToggle row={row} />}
          <NoticeRowActions feeId={row.id} name={row.feePayerName ?? `#${row.feePayerId}`} canEdit={canEdit} />
        </RowActionGrid>
      )}
      above={
        <div className="space-y-4">
          <YearSettingsCard settings={loaderData.settings} canEdit={canEdit} />
          <PaymentNoticesCard state={loaderData.notices} canEdit={canEdit} />
          <FeeCards summary={summary} />
          <FeeStatistics summary={summary} />
        </div>
      }
    >
      <FeeExplanationDialog
        fee={loaderData.explanation}
        payerName={loaderData.items.find((r) => r.id === loaderData.explanation?.id)?.feePayerName ?? null}
      />
    </ListPage>
  );
}
