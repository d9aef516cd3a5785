import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import type { Route } from "./+types/list";
import { feePayerList as feePayerContract, type FeePayerListItem } from "#contract/fee-payer";
import { feePayerListKeys } from "#contract/lists";
import { defineList, withFilterOptions } from "~/lib/list";
import { readListParams } from "~/lib/list-params";
import { useCan } from "~/lib/permissions";
import { useGenerationAfter } from "~/lib/use-bulk-generation";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { answer, backToList, readIntent, redirectWithFlash, selectedIds, unknownIntent } from "~/server/action.server";
import { pageTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";
import { DataTable } from "~/components/data-table";
import { Money } from "~/components/money";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  AgeGroupBadge,
  Day,
  LIST_PATH,
  LoginBadge,
  RegisteredBadge,
  StateBadge,
  TypeLabel,
  detailPath,
} from "./+shared/ui";

export const handle = pageTitle("feePayer:list.title");

/**
 * Spec 001 §2 'Fee payers' list: filters search, date of birth, fixed discount, registered yes/no, active
 * yes/no/all; sorts from contract/lists.ts.
 */
export const feePayerList = defineList(feePayerListKeys, {
  filters: [
    {
      key: "search",
      kind: "search",
      label: { key: "feePayer:list.search" },
      placeholder: { key: "feePayer:list.searchPlaceholder" },
    },
    { key: "bornFrom", kind: "date", label: { key: "feePayer:list.bornFrom" } },
    { key: "bornTo", kind: "date", label: { key: "feePayer:list.bornTo" } },
    { key: "discountId", kind: "select", label: { key: "feePayer:list.discount" }, options: [] },
    { key: "registered", kind: "boolean", label: { key: "feePayer:list.registered" } },
    {
      key: "active",
      kind: "select",
      label: { key: "feePayer:list.active" },
      options: [
        { value: "true", label: { key: "feePayer:list.activeYes" } },
        { value: "false", label: { key: "feePayer:list.activeNo" } },
        { value: "all", label: { key: "feePayer:list.activeAll" } },
      ],
    },
  ],
  columns: [
    {
      key: "name",
      label: { key: "feePayer:field.name" },
      render: (row: FeePayerListItem) => (
        <Link className="font-medium text-emerald-800 hover:underline" to={detailPath(row.id)}>
          {row.name}
        </Link>
      ),
    },
    {
      key: "type",
      label: { key: "feePayer:field.type" },
      render: (row: FeePayerListItem) => <TypeLabel type={row.type} />,
    },
    {
      key: "dateOfBirth",
      label: { key: "feePayer:field.dateOfBirth" },
      className: "whitespace-nowrap",
      render: (row: FeePayerListItem) => <Day value={row.dateOfBirth} />,
    },
    {
      key: "variableSymbol",
      label: { key: "feePayer:field.variableSymbol" },
    },
    {
      key: "subjects",
      label: { key: "feePayer:list.subjects" },
      render: (row: FeePayerListItem) => row.subjects ?? "–",
    },
    {
      key: "activeFrom",
      label: { key: "feePayer:list.activity" },
      render: (row: FeePayerListItem) => <Activity row={row} />,
    },
    {
      key: "registered",
      label: { key: "feePayer:list.registration" },
      render: (row: FeePayerListItem) => (
        <span className="inline-flex flex-col items-start gap-1">
          <RegisteredBadge registered={row.registered} />
          <LoginBadge hasLogin={row.hasLogin} />
        </span>
      ),
    },
    {
      key: "discounts",
      label: { key: "feePayer:list.discounts" },
      render: (row: FeePayerListItem) => (
        <span className="inline-flex flex-wrap gap-1">
          <AgeGroupBadge group={row.ageGroup} />
          {row.discounts.map((d) => (
            <Badge key={d} tone="amber">
              {d}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      key: "finalFee",
      label: { key: "feePayer:field.finalFee" },
      align: "right",
      className: "whitespace-nowrap",
      render: (row: FeePayerListItem) => <Money value={row.finalFee} />,
    },
  ],
});

function Activity({ row }: { row: FeePayerListItem }) {
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className="whitespace-nowrap">
        <Day value={row.activeFrom} /> – {row.activeTo ? <Day value={row.activeTo} /> : "…"}
      </span>
      <StateBadge active={row.active} />
    </span>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aDetail");
  const params = readListParams(feePayerContract, request.url);
  const [list, discounts] = await Promise.all([
    api.feePayer.list({ municipalityId, ...params }),
    api.feePayer.discounts({ municipalityId }),
  ]);
  return { ...list, params, discounts: discounts.items };
}

/** Bulk 'Zaregistrovat' (PATCH fee-payer/register); nothing selected → 'Vyberte položky.' (also without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const { formData, intent } = await readIntent(request);
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aEdit");
  const t = await userT(api.session);
  if (intent !== "register") return unknownIntent(intent, t);
  const ids = selectedIds(formData);
  if (ids.length === 0) {
    return answer({ intent, message: t("common:dataTable.selectItems"), tone: "warning" });
  }
  const res = await api.feePayer.register({ municipalityId }, { feePayerIds: ids, registered: true });
  if (!res.ok) {
    const message = res.problem.errors?.feePayerIds?.[0] ?? res.problem.Message;
    return answer({ intent, message, tone: "error" }, res.status);
  }
  return redirectWithFlash(api, context, backToList(request), t("feePayer:flash.registeredMany"));
}

export default function FeePayerList({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { items, total, params, discounts } = loaderData;
  const { t } = useTranslation();
  const shown = useMessage();
  const canAdd = useCan("aAdd", "feePayer");
  const canEdit = useCan("aEdit", "feePayer");
  const generation = useGenerationAfter(["register"]);
  // The municipality's fixed discounts are known only at run time.
  const def = withFilterOptions(feePayerList, {
    discountId: discounts.filter((d) => d.type === "Other").map((d) => ({ value: String(d.id), label: d.name })),
  });
  const newButton = (size?: "sm") =>
    canAdd ? (
      <Button to={`${LIST_PATH}/create`} size={size}>
        {t("feePayer:list.new")}
      </Button>
    ) : undefined;
  return (
    <div className="space-y-4">
      <PageHeader title={t("feePayer:list.title")} actions={newButton()} />
      {answer?.message && <Alert tone={answer.tone ?? "error"}>{shown(answer.message)}</Alert>}
      <DataTable
        key={generation}
        def={def}
        rows={items}
        total={total}
        params={params}
        rowKey="id"
        rowLabel={(row) => row.name}
        selectable={canEdit}
        bulkActions={canEdit ? [{ intent: "register", label: t("feePayer:action.register") }] : undefined}
        caption={t("feePayer:list.title")}
        emptyState={{ message: t("feePayer:list.empty"), action: newButton("sm") }}
      />
    </div>
  );
}
