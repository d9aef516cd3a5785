/**
 * Spec 001 §2 Discounts: the municipality's fixed discounts with their fee payer counts, filters (search, type),
 * edit links and the row delete behind a confirmation (refused with the API's message while payers have it).
 */
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import { DISCOUNT_TYPES, discountList, type DiscountListItem } from "#contract/discount";
import { discountListKeys } from "#contract/lists";
import { defineList } from "~/lib/list";
import { enumFilter, searchFilter } from "~/lib/list-filters";
import { useCan } from "~/lib/permissions";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { loadMunicipalityList } from "~/server/list-action.server";
import { apiAnswer, backToList, formId, readIntent, redirectWithFlash, unknownIntent } from "~/server/action.server";
import { column, RECORD_LINK, textColumn } from "~/components/list-columns";
import { ListPage } from "~/components/list-page";
import { pageTitle } from "~/components/page-title";
import { Money } from "~/components/money";
import { RowDeleteDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import { AgeRange, DISCOUNTS_PATH, GroupLabel, discountEditPath } from "./+shared/ui";

export const handle = pageTitle("discount:list.title");

function NameCell({ row }: { row: DiscountListItem }) {
  const canEdit = useCan("aEdit", "discount");
  return canEdit ? (
    <Link className={RECORD_LINK} to={discountEditPath(row.id)}>
      {row.name}
    </Link>
  ) : (
    <span className="font-medium">{row.name}</span>
  );
}

function TypeLabel({ type }: { type: DiscountListItem["type"] }) {
  const { t } = useTranslation();
  return <>{t(`discount:type.${type}`)}</>;
}

export const discountTable = defineList(discountListKeys, {
  filters: [searchFilter("discount"), enumFilter("type", "discount:field.type", DISCOUNT_TYPES, "discount:type")],
  columns: [
    column("name", "discount:field.name", (row: DiscountListItem) => <NameCell row={row} />),
    column("type", "discount:field.type", (row: DiscountListItem) => <TypeLabel type={row.type} />),
    column("group", "discount:field.group", (row: DiscountListItem) => (
      <GroupLabel type={row.type} group={row.group} />
    )),
    column(
      "ageFrom",
      "discount:field.ages",
      (row: DiscountListItem) => <AgeRange from={row.ageFrom} until={row.ageUntil} />,
      { className: "whitespace-nowrap" },
    ),
    column("feeDiscount", "discount:field.feeDiscount", (row: DiscountListItem) => <Money value={row.feeDiscount} />, {
      className: "text-right",
    }),
    textColumn("description", "discount:field.description", (row: DiscountListItem) => row.description, {
      className: "max-w-64 truncate",
    }),
    column("feePayerCount", "discount:field.feePayerCount", (row: DiscountListItem) => row.feePayerCount, {
      className: "text-right tabular-nums",
    }),
  ],
});

export const loader = (args: Route.LoaderArgs) =>
  loadMunicipalityList(args, "discount.aDetail", discountList, (api) => api.discount.list);

/** Row delete (confirmed in a dialog, `?dialog=delete-<id>` without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "discount.aRemove");
  const { formData, intent } = await readIntent(request);
  const t = await userT(api.session);
  if (intent !== "delete") return unknownIntent(intent, t);
  const res = await api.discount.remove({ municipalityId, discountId: formId(formData.get("id")) ?? 0 });
  if (!res.ok) return apiAnswer(intent, res);
  return redirectWithFlash(api, context, backToList(request), t("discount:flash.deleted"));
}

function RowActions({ row }: { row: DiscountListItem }) {
  const { t } = useTranslation();
  const canEdit = useCan("aEdit", "discount");
  const canRemove = useCan("aRemove", "discount");
  return (
    <span className="inline-flex gap-1 text-left whitespace-normal">
      {canEdit && (
        <Button to={discountEditPath(row.id)} variant="ghost" size="sm">
          {t("common:edit")}
        </Button>
      )}
      {canRemove && <RowDeleteDialog ns="discount" id={row.id} values={{ name: row.name }} />}
    </span>
  );
}

export default function DiscountList({ loaderData, actionData: answer }: Route.ComponentProps) {
  const canEdit = useCan("aEdit", "discount");
  const canRemove = useCan("aRemove", "discount");
  return (
    <ListPage
      ns="discount"
      list={loaderData}
      def={discountTable}
      create={{ to: `${DISCOUNTS_PATH}/create` }}
      answer={answer}
      rowActions={canEdit || canRemove ? (row) => <RowActions row={row} /> : undefined}
    />
  );
}
