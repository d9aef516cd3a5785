/**
 * The frame of every list screen (issue 12): the heading with its 'new' button, the action's answer ('Vyberte
 * položky.', an API failure), what stands above the table (chosen filters), the table with its empty state, and what
 * follows (dialogs). The texts are the namespace's `list.title`, `list.new` and `list.empty`.
 */
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import type { ActionAnswer } from "~/lib/action-answer";
import type { ListValues } from "~/lib/list";
import { useCan } from "~/lib/permissions";
import type { Entity } from "#contract/permissions";
import { useGenerationAfter } from "~/lib/use-bulk-generation";
import { DataTable, type DataTableProps } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";

type TableProps<Row> = Omit<DataTableProps<Row>, "rows" | "total" | "params" | "rowKey" | "caption" | "emptyState">;

export type ListPageProps<Row> = TableProps<Row> & {
  /** The translation namespace, also the permission's resource ('device' → device:list.title, aAdd on device). */
  ns: string;
  /** The permission's resource when it is not the namespace (distributionReport → distributionCenter). */
  entity?: Entity;
  /** The loader's page of the list: its rows, their total and the list's params. */
  list: { items: Row[]; total: number; params: ListValues };
  /** The 'new' button: where it goes, its text (default `<ns>:list.new`), its text in the empty table (false: none). */
  create?: { to: string; label?: string; emptyLabel?: string | false; can?: boolean };
  /** Who may use the bulk actions (select rows); default the `<ns>.aEdit` permission, as `create` asks for aAdd. */
  bulkCan?: boolean;
  /** The action's answer shown above the table (a dialog's own answer is left out by the caller). */
  answer?: Pick<ActionAnswer, "message" | "tone">;
  /** After which posted intents the table starts afresh (no rows selected); "any": after every post. */
  resetAfter?: readonly string[] | "any";
  /** The table's hidden caption is the title unless false. */
  caption?: boolean;
  /** The empty table's text; default `<ns>:list.empty`. */
  emptyMessage?: string;
  /** Default: the rows' `id`. */
  rowKey?: DataTableProps<Row>["rowKey"];
  above?: ReactNode;
  children?: ReactNode;
};

/** Rows are selectable when the page offers bulk actions. */
export function ListPage<Row>(props: ListPageProps<Row>) {
  const {
    ns,
    entity = ns as Entity,
    list,
    create,
    bulkCan,
    answer,
    resetAfter,
    caption = true,
    emptyMessage,
    rowKey,
    above,
    children,
    ...rest
  } = props;
  const { bulkActions, ...table } = rest;
  const { t } = useTranslation();
  const shown = useMessage();
  const canAdd = useCan("aAdd", entity);
  const canEdit = useCan("aEdit", entity);
  const generation = useGenerationAfter(resetAfter === "any" ? undefined : (resetAfter ?? []));
  const title = t(`${ns}:list.title`);
  const bulk = (bulkCan ?? canEdit) && bulkActions?.length ? bulkActions : undefined;
  const label = create?.label ?? t(`${ns}:list.new`);
  const emptyLabel = create?.emptyLabel ?? label;
  const can = create?.can ?? canAdd;
  return (
    <div className="space-y-4">
      <PageHeader title={title} actions={create && can ? <Button to={create.to}>{label}</Button> : undefined} />
      {answer?.message && <Alert tone={answer.tone ?? "error"}>{shown(answer.message)}</Alert>}
      {above}
      <DataTable
        key={generation}
        rows={list.items}
        total={list.total}
        params={list.params}
        rowKey={rowKey ?? ("id" as keyof Row)}
        selectable={Boolean(bulk)}
        bulkActions={bulk}
        caption={caption ? title : undefined}
        emptyState={{
          message: emptyMessage ?? t(`${ns}:list.empty`),
          action:
            create && can && emptyLabel !== false ? (
              <Button to={create.to} size="sm">
                {emptyLabel}
              </Button>
            ) : undefined,
        }}
        {...table}
      />
      {children}
    </div>
  );
}
