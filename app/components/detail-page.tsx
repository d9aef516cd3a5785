/**
 * The frame of a record's screen (issue 12): back to its list (`<ns>:list.title`), the heading and the line under it,
 * the 'Upravit' button (`edit`: the edit screen's path, for who may edit) before the other actions, then the sections.
 */
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "./ui/button";
import { PageHeader } from "./page-header";

export function DetailPage({
  ns,
  list,
  title,
  subtitle,
  edit,
  actions,
  children,
}: {
  ns: string;
  /** The list's path. */
  list: string;
  title: ReactNode;
  subtitle?: ReactNode;
  edit?: string | false;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const editButton = edit && (
    <Button to={edit} variant="primary">
      {t("common:edit")}
    </Button>
  );
  return (
    <div className="space-y-4">
      <PageHeader
        back={{ to: list, label: t(`${ns}:list.title`) }}
        title={title}
        subtitle={subtitle}
        actions={
          editButton || actions ? (
            <>
              {editButton}
              {actions}
            </>
          ) : undefined
        }
      />
      {children}
    </div>
  );
}
