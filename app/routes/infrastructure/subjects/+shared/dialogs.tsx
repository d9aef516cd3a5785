/** The header dialogs of the subject detail: hierarchy, set parent and delete (with what it takes along). */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { SubjectDeleteImpact, SubjectDetail, SubjectOption, SubjectTreeNode } from "#contract/subject";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { cn } from "~/components/ui/cn";
import { optionLabel } from "./form";
import { PickerDialog } from "./dialog-fields";
import { SubjectTypeLabel, subjectPath } from "./ui";
import { Money } from "~/components/money";

/** Spec 001 §2 hierarchy modal: the whole tree (name, type, total fee), the current subject highlighted. */
export function HierarchyDialog({ tree, currentId }: { tree: SubjectTreeNode | null; currentId: number }) {
  const { t } = useTranslation();
  return (
    <Dialog name="hierarchy" size="lg" title={t("subject:hierarchy.title")}>
      {tree ? (
        <ul role="tree" aria-label={t("subject:hierarchy.title")} className="space-y-1">
          <TreeNode node={tree} currentId={currentId} level={1} />
        </ul>
      ) : (
        <p className="text-slate-600">{t("subject:hierarchy.loading")}</p>
      )}
    </Dialog>
  );
}

function TreeNode({ node, currentId, level }: { node: SubjectTreeNode; currentId: number; level: number }) {
  const current = node.id === currentId;
  return (
    <li
      role="treeitem"
      aria-level={level}
      aria-expanded={node.children.length ? true : undefined}
      aria-selected={current}
    >
      <div
        className={cn(
          "flex flex-wrap items-center justify-between gap-2 rounded-md px-2 py-1",
          current ? "bg-emerald-50 font-semibold ring-1 ring-emerald-600/30" : "hover:bg-slate-50",
        )}
      >
        <span>
          {current ? (
            <span aria-current="page">{node.name}</span>
          ) : (
            <Link className="text-emerald-800 hover:underline" to={subjectPath(node.id)}>
              {node.name}
            </Link>
          )}{" "}
          <span className="text-xs font-normal text-slate-500">
            (<SubjectTypeLabel type={node.type} />)
          </span>
        </span>
        <Money value={node.totalFee} />
      </div>
      {node.children.length > 0 && (
        <ul role="group" className="ml-4 space-y-1 border-l border-slate-200 pl-2">
          {node.children.map((c) => (
            <TreeNode key={c.id} node={c} currentId={currentId} level={level + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Set parent: a subject picker (search + select, at most 20; the subject and its descendants left out). */
export function SetParentDialog({
  subject,
  options,
  search,
}: {
  subject: SubjectDetail;
  options: SubjectOption[] | null;
  search: string;
}) {
  const { t } = useTranslation();
  // The current parent stays selectable even when the search does not bring it.
  const choices =
    subject.parentId && options && !options.some((o) => o.id === subject.parentId)
      ? [
          { id: subject.parentId, name: subject.parentName ?? `#${subject.parentId}`, address: "", type: subject.type },
          ...options,
        ]
      : (options ?? []);
  return (
    <PickerDialog
      name="set-parent"
      intent="setParent"
      title={t("subject:parent.title")}
      submitLabel={t("subject:parent.submit")}
      search={{ param: "parentSearch", value: search, label: t("subject:field.parentSearch") }}
      pick={{
        name: "parentId",
        label: t("subject:field.parent"),
        choices: choices.map((o) => ({ value: String(o.id), label: optionLabel(o) })),
        nothingFound: options?.length === 0,
        help: t("subject:field.parentSearchHelp"),
        emptyOption: t("subject:parent.choose"),
        initial: subject.parentId ? String(subject.parentId) : "",
      }}
    >
      {() =>
        subject.parentId && (
          <p className="text-slate-600">
            {t("subject:parent.current", { name: subject.parentName ?? `#${subject.parentId}` })}
          </p>
        )
      }
    </PickerDialog>
  );
}

/** Remove parent: one button posting `removeParent`. */
export function RemoveParentButton() {
  const { t } = useTranslation();
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="removeParent" />
      <Button type="submit" variant="ghost" size="sm">
        {t("subject:parent.remove")}
      </Button>
    </Form>
  );
}

/** Delete with a confirmation that first says what goes with the subject (GET delete-impact). */
export function DeleteSubjectDialog({ subject, impact }: { subject: SubjectDetail; impact: SubjectDeleteImpact }) {
  const { t } = useTranslation();
  const parts = [
    impact.memberships > 0 &&
      t("subject:impact.memberships", { count: impact.memberships, defaultValue: "{{count}} členství poplatníků" }),
    impact.wasteCards > 0 &&
      t("subject:impact.wasteCards", { count: impact.wasteCards, defaultValue: "{{count}} karet" }),
    impact.fees > 0 && t("subject:impact.fees", { count: impact.fees, defaultValue: "{{count}} záznamů poplatků" }),
  ].filter(Boolean);
  const lines: ReactNode[] = [];
  if (parts.length) lines.push(t("subject:impact.takes", { list: parts.join(", ") }));
  if (impact.wasteCards > 0) lines.push(t("subject:impact.cardsNote"));
  if (impact.children > 0)
    lines.push(
      t("subject:impact.children", {
        count: impact.children,
        defaultValue: "{{count}} podřízených míst zůstane bez nadřazeného místa.",
      }),
    );
  if (impact.bins > 0)
    lines.push(t("subject:impact.bins", { count: impact.bins, defaultValue: "Místo má {{count}} nádob." }));
  if (!lines.length) lines.push(t("subject:impact.nothing"));
  return (
    <ConfirmDialog
      name="delete"
      intent="delete"
      trigger={t("subject:action.delete")}
      triggerSize="md"
      title={t("subject:confirm.deleteTitle", { name: subject.name })}
      message={
        <div className="space-y-2">
          {lines.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
          <p className="font-medium">{t("subject:confirm.irreversible")}</p>
        </div>
      }
      confirmLabel={t("subject:action.delete")}
    />
  );
}
