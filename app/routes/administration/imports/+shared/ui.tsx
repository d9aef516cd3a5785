/** Pieces the import screens share (spec 000 §2 /administration/imports*): the paths and the type names. */
import { useTranslation } from "~/i18n/use-translation";

export const IMPORTS_PATH = "/administration/imports";
export const importPath = (id: number) => `${IMPORTS_PATH}/${id}`;

/** The import type's name ('wasteCard' → 'Karty odpadu'). */
export function ImportTypeName({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{t(`import:type.${type}`, { defaultValue: type })}</>;
}
