/**
 * The centre's users (spec 001 §2 Distribution centres → detail 'with users'): the table with each user's role and
 * last login, 'Přidat uživatele' (a dialog opened by URL, decision 0011: the loader fetches the municipality's users,
 * its search is a GET form) and a confirmed 'Odebrat' per row. A user who works at another centre is moved only
 * with 'Přesunout z jiného centra' ticked.
 */
import type { SubmissionResult } from "@conform-to/react";
import { formatDateTime } from "#contract/calendar";
import { assignUserBody, type CentreUser, type CentreUserOption } from "#contract/distribution-centre";
import { useTranslation } from "~/i18n/use-translation";
import { useDialogForm } from "~/lib/use-schema-form";
import { CheckboxField, SelectField } from "~/components/field";
import { Dialog } from "~/components/ui/dialog";
import { DialogForm, DialogLink, DialogSearch, DialogSubmitFooter } from "~/components/form-dialog";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { RowsTable } from "~/components/rows-table";
import { SectionCard } from "~/components/section-card";
import { TD, TH, TR } from "~/components/ui/table";

type AddValues = { userId: string; move: string };

export const ADD_USER_DIALOG = "addUser";

function AddUserDialog(props: {
  options: CentreUserOption[];
  search: string;
  centreId: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useDialogForm<AddValues>(assignUserBody, ADD_USER_DIALOG, props.lastResult, {
    userId: "",
    move: "",
  });
  const label = t("distributionCenter:action.addUser");
  const optionLabel = (o: CentreUserOption) => {
    const base = `${o.name} (${o.userName}, ${t(`common:role.${o.roleName}`, o.roleName)})`;
    if (o.centreId === props.centreId) return `${base} – ${t("distributionCenter:addUser.here")}`;
    return o.centreName ? `${base} – ${t("distributionCenter:addUser.at", { centre: o.centreName })}` : base;
  };
  return (
    <>
      <DialogLink name={ADD_USER_DIALOG} params={{ userSearch: null }}>
        {label}
      </DialogLink>
      <Dialog
        name={ADD_USER_DIALOG}
        title={label}
        description={t("distributionCenter:addUser.description")}
        footer={<DialogSubmitFooter form={form.id}>{t("distributionCenter:addUser.submit")}</DialogSubmitFooter>}
      >
        <div className="space-y-3">
          <DialogSearch
            dialog={ADD_USER_DIALOG}
            param="userSearch"
            value={props.search}
            label={t("distributionCenter:addUser.search")}
          />
          <DialogForm form={form} intent="addUser" lastResult={props.lastResult}>
            <SelectField
              meta={fields.userId}
              label={t("distributionCenter:field.user")}
              options={props.options.map((o) => ({ value: String(o.id), label: optionLabel(o) }))}
              emptyOption={t("distributionCenter:addUser.choose")}
              description={props.options.length ? undefined : t("distributionCenter:addUser.none")}
            />
            <CheckboxField
              meta={fields.move}
              label={t("distributionCenter:field.move")}
              description={t("distributionCenter:addUser.moveHelp")}
            />
          </DialogForm>
        </div>
      </Dialog>
    </>
  );
}

export function UsersCard(props: {
  centreId: number;
  users: CentreUser[];
  canEdit: boolean;
  options: CentreUserOption[];
  search: string;
  addResult?: SubmissionResult<string[]>;
}) {
  const { t, i18n } = useTranslation();
  const { users, canEdit } = props;
  return (
    <SectionCard
      title={t("distributionCenter:section.users")}
      titleId="centre-users"
      actions={
        canEdit && (
          <AddUserDialog
            options={props.options}
            search={props.search}
            centreId={props.centreId}
            lastResult={props.addResult}
          />
        )
      }
    >
      <RowsTable
        rows={users}
        empty={t("distributionCenter:users.empty")}
        head={
          <>
            <TH>{t("distributionCenter:field.userName")}</TH>
            <TH>{t("distributionCenter:field.login")}</TH>
            <TH>{t("distributionCenter:field.role")}</TH>
            <TH>{t("distributionCenter:field.lastLoginAt")}</TH>
            {canEdit && <TH className="sr-only">{t("common:dataTable.actions")}</TH>}
          </>
        }
      >
        {(u) => (
          <TR key={u.id}>
            <TD>{u.name}</TD>
            <TD>{u.userName}</TD>
            <TD>{t(`common:role.${u.roleName}`, u.roleName)}</TD>
            <TD>{u.lastLoginAt ? formatDateTime(u.lastLoginAt, i18n.language) : "–"}</TD>
            {canEdit && (
              <TD className="text-right">
                <ConfirmDialog
                  name={`removeUser-${u.id}`}
                  intent="removeUser"
                  ns="distributionCenter"
                  values={{ name: u.name }}
                  fields={{ userId: u.id }}
                  forRow={u.name}
                />
              </TD>
            )}
          </TR>
        )}
      </RowsTable>
    </SectionCard>
  );
}
