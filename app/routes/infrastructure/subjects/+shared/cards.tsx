/** Spec 001 §2 subject detail: the waste cards table, with virtual card creation and removal. */
import { Form } from "react-router";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import type { SubjectMember, SubjectWasteCard } from "#contract/subject";
import { useCan } from "~/lib/permissions";
import { formatDate } from "#contract/calendar";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Alert } from "~/components/ui/alert";
import { stateBadge } from "~/components/state-badge";
import { CARD_STATE_TONE } from "~/routes/infrastructure/waste-cards/+shared/ui";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { TD, TR } from "~/components/ui/table";
import { RowsTable } from "~/components/rows-table";
import { useActionAnswer } from "~/lib/action-answer";
import { useSubmitting } from "~/lib/use-submitting";

const CardState = stateBadge("subject:cardState", CARD_STATE_TONE);

export function WasteCardsSection({ cards, members }: { cards: SubjectWasteCard[]; members: SubjectMember[] }) {
  const { t, i18n } = useTranslation();
  const canAdd = useCan("aAdd", "wasteCard");
  const canRemove = useCan("aRemove", "wasteCard");
  const failed = useActionAnswer(["createVirtualCard", "removeCard"]);
  const shown = useMessage();
  const date = (v: string | null) => (v ? formatDate(v, i18n.language) : "");
  // A virtual card may be issued for one of the current payers.
  const payers = members.filter((m) => m.current);
  const creating = useSubmitting() === "createVirtualCard";

  return (
    <SectionCard title={t("subject:cards.title")} titleId="subject-cards" contentClassName="space-y-3 p-0">
      {failed && (
        <Alert tone="error" className="mx-4 mt-3">
          {shown(failed.errors?.feePayerId?.[0] ?? failed.message)}
        </Alert>
      )}
      <RowsTable
        rows={cards}
        empty={t("subject:cards.empty")}
        emptyClassName="text-sm text-slate-600 px-4 py-4"
        plainHeadRow
        labels="subject:cards"
        head={["plainCode", "code", "payer", "state", "validity", "virtual"]}
        actions={canRemove && t("subject:members.actions")}
      >
        {(c) => (
          <TR key={c.id}>
            <TD className="font-mono">{c.plainCode}</TD>
            <TD className="font-mono">{c.code}</TD>
            <TD>{c.feePayerName ?? "–"}</TD>
            <TD>
              <CardState state={c.state} />
            </TD>
            <TD className="whitespace-nowrap">
              {c.validFrom || c.validTo ? `${date(c.validFrom)} – ${date(c.validTo)}` : "–"}
            </TD>
            <TD>{c.virtual ? t("subject:yes") : t("subject:no")}</TD>
            {canRemove && (
              <TD className="text-right">
                <span className="inline-block text-left">
                  <ConfirmDialog
                    name={`remove-card-${c.id}`}
                    intent="removeCard"
                    fields={{ cardId: c.id }}
                    label={t("subject:cards.remove")}
                    forRow={c.plainCode}
                    title={t("subject:cards.removeTitle")}
                    message={t("subject:cards.removeMessage", { code: c.plainCode })}
                  />
                </span>
              </TD>
            )}
          </TR>
        )}
      </RowsTable>
      {canAdd && (
        <Form method="post" className="flex flex-wrap items-end gap-2 border-t border-slate-200 px-4 py-3">
          <input type="hidden" name="intent" value="createVirtualCard" />
          <div className="space-y-1">
            <Label htmlFor="virtual-card-payer" className="text-xs text-slate-600">
              {t("subject:cards.forPayer")}
            </Label>
            <Select
              id="virtual-card-payer"
              name="feePayerId"
              className="w-auto min-w-56"
              emptyOption={t("subject:cards.noPayer")}
              options={payers.map((m) => ({ value: String(m.feePayerId), label: m.name }))}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={creating}>
            {t("subject:cards.createVirtual")}
          </Button>
        </Form>
      )}
    </SectionCard>
  );
}
