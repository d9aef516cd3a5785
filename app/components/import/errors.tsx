/**
 * The rejected rows of an import (spec 001 §8 'Import: an error table with row and error columns'): row number,
 * category, reason and the row as it stood in the file; paged and filterable by category; the whole log as CSV.
 */
import { IMPORT_ERROR_CATEGORIES, type ImportJobErrorRow } from "#contract/import";
import { importErrorListKeys } from "#contract/lists";
import { useTranslation } from "~/i18n/use-translation";
import { defineList } from "~/lib/list";
import type { ListParams } from "~/lib/list-params";
import { enumFilter } from "~/lib/list-filters";
import { useMessage } from "~/lib/messages";
import { DataTable } from "~/components/data-table";
import { column } from "~/components/list-columns";
import { Button } from "~/components/ui/button";
import { TitledSection } from "~/components/section-card";

function ErrorMessage({ text }: { text: string }) {
  const shown = useMessage();
  return <>{shown(text)}</>;
}

export const importErrorList = defineList(importErrorListKeys, {
  filters: [enumFilter("category", "import:errors.category", IMPORT_ERROR_CATEGORIES, "import:category")],
  columns: [
    column("rowNumber", "import:errors.row", undefined, { align: "right", className: "w-20 tabular-nums" }),
    column("category", "import:errors.category", (row: ImportJobErrorRow) => <ErrorCategory category={row.category} />),
    column("message", "import:errors.reason", (row: ImportJobErrorRow) => <ErrorMessage text={row.message} />),
    column("rawRow", "import:errors.rawRow", (row: ImportJobErrorRow) => (
      <code className="font-mono text-xs break-all">{row.rawRow ?? ""}</code>
    )),
  ],
});

function ErrorCategory({ category }: { category: string }) {
  const { t } = useTranslation();
  return <span className="whitespace-nowrap">{t(`import:category.${category}`)}</span>;
}

export function ImportErrors({
  errors,
  params,
  csvHref,
  filtered,
}: {
  errors: { items: ImportJobErrorRow[]; total: number };
  params: ListParams;
  /** The whole log as a CSV file (where the user may download it). */
  csvHref?: string;
  /** A category is chosen: the table is shown even when it is empty. */
  filtered: boolean;
}) {
  const { t } = useTranslation();
  if (!errors.total && !filtered) return null;
  return (
    <TitledSection
      title={t("import:errors.title")}
      titleId="import-errors"
      className="space-y-2"
      actions={
        csvHref && (
          <Button to={csvHref} variant="secondary" reloadDocument>
            {t("import:errors.download")}
          </Button>
        )
      }
    >
      <DataTable
        def={importErrorList}
        rows={errors.items}
        total={errors.total}
        params={params}
        rowKey="id"
        caption={t("import:errors.title")}
      />
    </TitledSection>
  );
}
