import type { ReactNode } from "react";
import { SectionCard } from "~/components/section-card";
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import type { Route } from "./+types/detail";
import { requireId } from "~/lib/route-checks";
import { useCan } from "~/lib/permissions";
import { formatDateTime } from "#contract/calendar";
import { recordTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { DialogLink } from "~/components/form-dialog";
import { DetailRow, FieldRows } from "~/components/detail-row";
import { detailAction, loadDetail } from "./+shared/detail.server";
import { DeleteSubjectDialog, HierarchyDialog, RemoveParentButton, SetParentDialog } from "./+shared/dialogs";
import { MembersSection } from "./+shared/members";
import { WasteCardsSection } from "./+shared/cards";
import { FeesSection } from "./+shared/fees";
import { BinsSection, RelationsSection } from "./+shared/sections";
import { CollectionsSection, HistorySection } from "./+shared/evidence-sections";
import { FeePaidBadge, SUBJECTS_PATH, SubjectTypeLabel, subjectPath } from "./+shared/ui";

export const handle = recordTitle<Route.ComponentProps["loaderData"]>("subject", (d) => d.subject.name);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadDetail(request, context, requireId(params.subjectId, request));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return detailAction(request, context, requireId(params.subjectId, request));
}

/** Intents whose errors are shown inside their own dialog or section; the others get the page's message box. */
const SHOWN_IN_PLACE = new Set([
  "setParent",
  "disposeFrequency",
  "addMember",
  "endMember",
  "createVirtualCard",
  "removeCard",
]);

/** A card of the detail's fields: a title and its rows. */
function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SectionCard title={title}>
      <dl className="divide-y divide-slate-100">{children}</dl>
    </SectionCard>
  );
}

export default function SubjectDetailPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { subject: s, view, evidence } = loaderData;
  const { t, i18n } = useTranslation();
  const shown = useMessage();
  const canEdit = useCan("aEdit", "subject");
  const canRemove = useCan("aRemove", "subject");

  return (
    <div className="space-y-4">
      <nav aria-label={t("subject:detail.breadcrumb")} className="text-sm">
        <Link className="text-emerald-800 hover:underline" to={SUBJECTS_PATH}>
          {t("subject:list.title")}
        </Link>
        {s.parentId && (
          <>
            {" / "}
            <Link className="text-emerald-800 hover:underline" to={subjectPath(s.parentId)}>
              {s.parentName ?? `#${s.parentId}`}
            </Link>
          </>
        )}
      </nav>

      <PageHeader
        title={s.name}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <SubjectTypeLabel type={s.type} />
            <span aria-hidden="true">·</span>
            <span>{s.address || "–"}</span>
            <span aria-hidden="true">·</span>
            <FeePaidBadge paid={s.feePaid} />
          </span>
        }
        actions={
          <>
            {canEdit && <Button to={`${subjectPath(s.id)}/edit`}>{t("common:edit")}</Button>}
            {canEdit && (
              <Form method="post">
                <input type="hidden" name="intent" value={s.feePaid ? "markUnpaid" : "markPaid"} />
                <Button type="submit" variant="secondary">
                  {s.feePaid ? t("subject:action.markUnpaid") : t("subject:action.markPaid")}
                </Button>
              </Form>
            )}
            {canEdit && <DialogLink name="set-parent">{t("subject:action.setParent")}</DialogLink>}
            {canEdit && s.parentId && <RemoveParentButton />}
            <DialogLink name="hierarchy">{t("subject:action.hierarchy")}</DialogLink>
            {canRemove && loaderData.impact && <DeleteSubjectDialog subject={s} impact={loaderData.impact} />}
          </>
        }
      />

      {answer?.message && !SHOWN_IN_PLACE.has(answer.intent) && <Alert tone="error">{shown(answer.message)}</Alert>}

      <div className="grid gap-4 lg:grid-cols-2">
        <DetailCard title={t("subject:section.basic")}>
          <FieldRows
            ns="subject"
            record={s}
            keys={["shortName", "variableSymbol", "householdCode", "establishmentIdentificationNumber"]}
          />
          <DetailRow
            label={t("subject:field.externalChief")}
            value={s.externalChief ? t("subject:yes") : t("subject:no")}
          />
          <DetailRow label={t("subject:list.memberCount")} value={String(s.memberCount)} />
          <DetailRow label={t("subject:detail.sortRatio")} value={s.sortRatio ? `${s.sortRatio} %` : null} />
          <DetailRow
            label={t("subject:detail.feePaidChangedAt")}
            value={s.feePaidChangedAt ? formatDateTime(s.feePaidChangedAt, i18n.language) : null}
          />
          <DetailRow label={t("subject:field.description")} value={s.description} />
        </DetailCard>
        <DetailCard title={t("subject:section.addressAndOperator")}>
          <DetailRow label={t("subject:field.street")} value={s.street} />
          <DetailRow
            label={t("subject:detail.numbers")}
            value={[s.conscriptionNumber, s.streetNumber, s.provisionalNumber].map((v) => v ?? "–").join(" / ")}
          />
          <DetailRow label={t("subject:field.cityDistrict")} value={s.cityDistrict} />
          <DetailRow label={t("subject:field.city")} value={[s.zipCode, s.city].filter(Boolean).join(" ")} />
          <DetailRow label={t("subject:field.operatorCompanyName")} value={s.operatorCompanyName} />
          <DetailRow
            label={t("subject:detail.operatorIds")}
            value={
              s.operatorIdentificationNumber || s.operatorVatNumber
                ? `${s.operatorIdentificationNumber ?? "–"} / ${s.operatorVatNumber ?? "–"}`
                : null
            }
          />
          <DetailRow
            label={t("subject:field.operatorInvoiceAddress")}
            value={[s.operatorInvoiceAddress, [s.operatorZipCode, s.operatorCity].filter(Boolean).join(" ")]
              .filter(Boolean)
              .join(", ")}
          />
        </DetailCard>
      </div>

      {loaderData.fees && <FeesSection fees={loaderData.fees} view={view.feesView} year={view.feesYear} />}
      <MembersSection
        subjectId={s.id}
        members={loaderData.members}
        payerOptions={loaderData.payerOptions}
        payerSearch={view.payerSearch}
      />
      <WasteCardsSection cards={loaderData.cards} members={loaderData.members} />
      <div className="grid gap-4 lg:grid-cols-2">
        <BinsSection subjectId={s.id} binCount={s.binCount} bins={loaderData.bins} />
        <RelationsSection subject={s} descendants={loaderData.children} childTotal={loaderData.childTotal} />
      </div>
      <CollectionsSection subject={s} evidence={evidence} />
      <HistorySection evidence={evidence} yardVisits={loaderData.yardVisits} />

      <HierarchyDialog tree={loaderData.hierarchy} currentId={s.id} />
      {canEdit && <SetParentDialog subject={s} options={loaderData.parentChoices} search={view.parentSearch} />}
    </div>
  );
}
