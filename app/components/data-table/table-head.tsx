/** The table's header row: the selection column, one sort header per column and the (unnamed) actions column. */
import { useTranslation } from "~/i18n/use-translation";
import { parseSort, type ListDefinition } from "~/lib/list";
import { TH, THead } from "../ui/table";
import { SelectAllHeader, type RowSelection } from "./row-selection";
import { useListText, type ListHref } from "./shared";
import { SortHeader, nextSort } from "./sort-header";

type TableHeadProps<Row> = {
  def: ListDefinition<Row>;
  /** The current sort param. */
  sort: string;
  href: ListHref;
  selection?: RowSelection;
  withActions: boolean;
};

export function TableHead<Row>({ def, sort, href, selection, withActions }: TableHeadProps<Row>) {
  const { t } = useTranslation();
  const text = useListText();
  const sortState = parseSort(sort);
  return (
    <THead>
      <tr>
        {selection && <SelectAllHeader selection={selection} />}
        {def.columns.map((c) => (
          <SortHeader
            key={c.key}
            column={c}
            label={text(c.label)}
            direction={sortState.key === c.key ? sortState.direction : undefined}
            to={href({
              sort: nextSort(sort, c.key, def.defaultSort),
              page: null,
            })}
          />
        ))}
        {withActions && (
          <TH className="text-right">
            <span className="sr-only">{t("common:dataTable.actions")}</span>
          </TH>
        )}
      </tr>
    </THead>
  );
}
