/**
 * The format help of an import (spec 001 §2 'A CSV import page describes the file structure', 'Imports: a create
 * form with format help'): the columns in order with what each holds, an example file and the rules.
 */
import { useTranslation } from "~/i18n/use-translation";
import { TD, TR } from "~/components/ui/table";
import { RowsTable } from "~/components/rows-table";

export interface FormatColumn {
  name: string;
  required: boolean;
  text: string;
}

export function ImportFormatHelp({
  intro,
  columns,
  example,
  rules,
}: {
  intro: string;
  columns: FormatColumn[];
  example: readonly string[];
  rules: string[];
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 text-sm">
      <p>{intro}</p>
      <RowsTable
        rows={columns}
        // A format always has its columns.
        empty={null}
        plainHeadRow
        head={[t("import:help.column"), t("import:help.required"), t("import:help.meaning")]}
      >
        {(c, i) => (
          <TR key={c.name}>
            <TD className="font-mono whitespace-nowrap">
              {i + 1}. {c.name}
            </TD>
            <TD>{c.required ? t("import:help.yes") : t("import:help.no")}</TD>
            <TD>{c.text}</TD>
          </TR>
        )}
      </RowsTable>
      <div>
        <p className="font-medium">{t("import:help.example")}</p>
        <pre className="mt-1 overflow-x-auto rounded-md bg-slate-50 p-3 font-mono text-xs ring-1 ring-slate-200">
          {example.join("\n")}
        </pre>
      </div>
      <ul className="list-disc space-y-1 pl-5">
        {rules.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </div>
  );
}
