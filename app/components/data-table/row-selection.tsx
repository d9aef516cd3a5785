/** Row selection for bulk actions: the selection state, the 'select all' header cell and a row's checkbox cell. */
import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Checkbox } from "../ui/checkbox";
import { useHydrated } from "../ui/dialog";
import { TD, TH } from "../ui/table";

export type RowSelection = {
  /** Keys of the rows on the page, in order. */
  keys: string[];
  selected: Set<string>;
  allSelected: boolean;
  someSelected: boolean;
  /** Set when the bulk form was submitted with nothing selected; cleared by any change of the selection. */
  askToSelect: boolean;
  setAskToSelect: (ask: boolean) => void;
  toggle: (key: string, on: boolean) => void;
  toggleAll: () => void;
};

/** Row key as text: `rowKey` names a property of the row or computes the key. */
export function rowKeyOf<Row>(row: Row, rowKey: keyof Row | ((row: Row) => string | number)): string {
  return String(typeof rowKey === "function" ? rowKey(row) : (row[rowKey] as unknown as string | number));
}

/**
 * Row selection (client state; without JavaScript the checkboxes simply submit with the bulk form). The selection
 * belongs to one set of rows: when the page shows other rows it starts empty again.
 */
export function useRowSelection(keys: string[]): RowSelection {
  const signature = keys.join("\u0000");
  const [selection, setSelection] = useState({
    signature,
    ids: new Set<string>(),
  });
  const selected = selection.signature === signature ? selection.ids : new Set<string>();
  const [askToSelect, setAskToSelect] = useState(false);
  const setSelected = (ids: Set<string>) => {
    setSelection({ signature, ids });
    setAskToSelect(false);
  };
  const allSelected = keys.length > 0 && keys.every((k) => selected.has(k));
  const someSelected = keys.some((k) => selected.has(k));
  return {
    keys,
    selected,
    allSelected,
    someSelected,
    askToSelect,
    setAskToSelect,
    toggle: (key, on) => {
      const ids = new Set(selected);
      if (on) ids.add(key);
      else ids.delete(key);
      setSelected(ids);
    },
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(keys)),
  };
}

/** Header cell of the checkbox column: 'select all on the page' once hydrated, a hidden column name before. */
export function SelectAllHeader({ selection }: { selection: RowSelection }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { keys, allSelected, someSelected } = selection;
  return (
    <TH className="w-10">
      {hydrated ? (
        <Checkbox
          aria-label={t("common:dataTable.selectAll")}
          checked={allSelected}
          ref={(el) => {
            if (el) el.indeterminate = someSelected && !allSelected;
          }}
          onChange={selection.toggleAll}
          disabled={keys.length === 0}
        />
      ) : (
        <span className="sr-only">{t("common:dataTable.selection")}</span>
      )}
    </TH>
  );
}

/** A row's checkbox: named `ids`, it joins the bulk form (`formId`) through its `form` attribute. */
export function RowCheckboxCell(props: { rowKey: string; label: string; formId?: string; selection: RowSelection }) {
  const { rowKey, selection } = props;
  return (
    <TD className="w-10">
      <Checkbox
        name="ids"
        value={rowKey}
        form={props.formId}
        aria-label={props.label}
        checked={selection.selected.has(rowKey)}
        onChange={(e) => selection.toggle(rowKey, e.target.checked)}
      />
    </TD>
  );
}
