/**
 * Bulk actions of a list that first open a dialog through the URL (?dialog=<name>&ids=<the selection>), so the
 * dialog's fields and its confirmation work the same with and without JavaScript (waste cards, waste collections).
 * A dialog is declared once: the bulk button's intent that opens it, the intent its form posts, and the right both
 * need. The action reads the permissions and the dialog to open from it (`bulkDialogAction`,
 * app/server/list-action.server.ts), the page its buttons and its answer (`useBulkDialogs`). A button's text is
 * `<texts>:action.<dialog>`, the texts' namespace the entity's unless given (distribution reports: distributionCenter).
 */
import { useSearchParams } from "react-router";
import type { Entity, Permission } from "#contract/permissions";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/permissions";
import { DIALOG_PARAM } from "~/components/ui/dialog";
import type { BulkAction } from "~/components/data-table";

type Right = "aEdit" | "aRemove";
export type BulkDialog = { open: string; submit: string; right: Right };

export function bulkDialogs<const D extends Record<string, BulkDialog>>(ns: Entity, dialogs: D, texts: string = ns) {
  const entries = Object.entries(dialogs) as [keyof D & string, BulkDialog][];
  const permissions = new Map<string, Permission>(
    entries.flatMap(([, d]) => [d.open, d.submit].map((intent) => [intent, `${ns}.${d.right}` as Permission] as const)),
  );
  return {
    ns,
    texts,
    entries,
    /** The bulk buttons' intents: after one of them the table starts afresh (the dialog holds the selection). */
    openers: entries.map(([, d]) => d.open),
    /** The intents the dialogs' forms post: their failures are shown inside the open dialog. */
    submits: entries.map(([, d]) => d.submit),
    /** The dialog a bulk button opens, undefined for any other intent. */
    dialogOf: (intent: string) => entries.find(([, d]) => d.open === intent)?.[0],
    /** Whether the intent is one of the dialogs' (a button's or a form's). */
    knows: (intent: string) => permissions.has(intent),
    /** The permission an intent needs (the API checks the same); an unknown intent needs the edit right. */
    permission: (intent: string): Permission => permissions.get(intent) ?? `${ns}.aEdit`,
  };
}

export type BulkDialogs = ReturnType<typeof bulkDialogs>;

/**
 * The page's side: the open dialog (`?dialog=`), the answer the page shows (a dialog's own failure stays in the
 * dialog), the bulk buttons the user may press (edits, then removals in red) and when the table starts afresh.
 */
export function useBulkDialogs<A extends { intent: string }>(spec: BulkDialogs, answer: A | undefined) {
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const may = { aEdit: useCan("aEdit", spec.ns), aRemove: useCan("aRemove", spec.ns) };
  const dialog = searchParams.get(DIALOG_PARAM);
  const bulkActions: BulkAction[] = spec.entries
    .filter(([, d]) => may[d.right])
    .sort(([, a], [, b]) => Number(a.right === "aRemove") - Number(b.right === "aRemove"))
    .map(([name, d]) => ({
      intent: d.open,
      label: t(`${spec.texts}:action.${name}`),
      ...(d.right === "aRemove" ? { variant: "danger" as const } : {}),
    }));
  return {
    dialog,
    canEdit: may.aEdit,
    canRemove: may.aRemove,
    pageAnswer: answer && !(dialog && spec.submits.includes(answer.intent)) ? answer : undefined,
    bulkActions: bulkActions.length ? bulkActions : undefined,
    resetAfter: spec.openers,
  };
}
