import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import type { ApiClient } from "~/server/api.server";
import { feePayerList as feePayerContract, type FeePayerListItem } from "#contract/fee-payer";
import { feePayerListKeys } from "#contract/lists";
import { defineList, withFilterOptions } from "~/lib/list";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { readIntent, unknownIntent } from "~/server/action.server";
import { bulkChange, loadMunicipalityList } from "~/server/list-action.server";
import { pageTitle } from "~/components/page-title";
import { ListPage } from "~/components/list-page";
import { column, nameColumn, textColumn } from "~/components/list-columns";
import { booleanFilter, dateFilter, idOptions, optionsFilter, searchFilter } from "~/lib/list-filters";
import { Money } from "~/components/money";
import { Badge } from "~/components/ui/badge";
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
    searchFilter("feePayer", true),
    dateFilter("bornFrom", "feePayer:list.bornFrom"),
    dateFilter("bornTo", "feePayer:list.bornTo"),
    optionsFilter("discountId", "feePayer:list.discount"),
    booleanFilter("registered", "feePayer:list.registered"),
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
    nameColumn<FeePayerListItem>("feePayer:field.name", detailPath),
    column("type", "feePayer:field.type", (row: FeePayerListItem) => <TypeLabel type={row.type} />),
    column("dateOfBirth", "feePayer:field.dateOfBirth", (row: FeePayerListItem) => <Day value={row.dateOfBirth} />, {
      className: "whitespace-nowrap",
    }),
    column("variableSymbol", "feePayer:field.variableSymbol"),
    textColumn("subjects", "feePayer:list.subjects", (row: FeePayerListItem) => row.subjects),
    column("activeFrom", "feePayer:list.activity", (row: FeePayerListItem) => <Activity row={row} />),
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

/** The discount filter's options, read with the page. */
const discounts = async (api: ApiClient, municipalityId: number) => ({
  discounts: (await api.feePayer.discounts({ municipalityId })).items,
});

export const loader = (args: Route.LoaderArgs) =>
  loadMunicipalityList(args, "feePayer.aDetail", feePayerContract, (api) => api.feePayer.list, discounts);

/** Bulk 'Zaregistrovat' (PATCH fee-payer/register); nothing selected → 'Vyberte položky.' (also without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const { formData, intent } = await readIntent(request);
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aEdit");
  const t = await userT(api.session);
  if (intent !== "register") return unknownIntent(intent, t);
  return bulkChange(
    { request, context, api, t, formData, intent },
    "feePayerIds",
    (feePayerIds) => api.feePayer.register({ municipalityId }, { feePayerIds, registered: true }),
    t("feePayer:flash.registeredMany"),
  );
}

export default function FeePayerList({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { discounts } = loaderData;
  const { t } = useTranslation();
  // The municipality's fixed discounts are known only at run time.
  const def = withFilterOptions(feePayerList, {
    discountId: idOptions(discounts.filter((d) => d.type === "Other")),
  });
  return (
    <ListPage
      ns="feePayer"
      list={loaderData}
      create={{ to: `${LIST_PATH}/create` }}
      answer={answer}
      resetAfter={["register"]}
      def={def}
      bulkActions={[{ intent: "register", label: t("feePayer:action.register") }]}
    />
  );
}
