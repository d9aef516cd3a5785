import { useEffect, useRef, useState } from "react";
import { useSchemaForm } from "~/lib/use-schema-form";
import { SectionCard } from "~/components/section-card";
import { Form, useFetcher } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { requiredText } from "#contract/common";
import {
  ADMIN_ROLE_IDS,
  LANGUAGES,
  userCreateFormSchema,
  userUpdateSchema,
  type RoleItem,
  type UserDetail,
} from "#contract/user";
import { FormErrors, InputField, SelectField, VersionField } from "~/components/field";
import { NewPasswordFields } from "~/components/password-field";
import { Button } from "~/components/ui/button";
import { FormActions } from "~/components/form-actions";
import { useHydrated } from "~/components/ui/dialog";
import { cn } from "~/components/ui/cn";
import { useSubmitting } from "~/lib/use-submitting";
import { idOptions } from "~/lib/list-filters";

/** The intent of the 'Navrhnout' button. */
export const SUGGEST = "suggest";

/** The 'Navrhnout' button (and the suggestion resource route) only need the names. */
export const suggestSchema = z.object({ firstName: requiredText(100), lastName: requiredText(100) });

export type UserFormMode = "create" | "edit";

export function schemaFor(mode: UserFormMode, intent: FormDataEntryValue | null) {
  if (intent === SUGGEST) return suggestSchema;
  return mode === "create" ? userCreateFormSchema : userUpdateSchema;
}

/** Fields never sent back to the page after a failed submission. */
export const SECRET_FIELDS = ["password", "confirmPassword"];

/** Where the page asks for a user-name suggestion with JavaScript (a resource route). */
export const SUGGEST_URL = "/administration/users/unique-user-name";

type UserFormShape = {
  /** The record's version (decision 20), a hidden field of the edit form. */
  version: string;
  roleId: string;
  municipalityId: string;
  firstName: string;
  lastName: string;
  userName: string;
  phone: string;
  email: string;
  language: string;
  registration: string;
  password: string;
  confirmPassword: string;
};

export function toFormValues(u: UserDetail): Partial<UserFormShape> {
  return {
    version: String(u.version),
    roleId: String(u.roleId),
    municipalityId: u.municipalityId ? String(u.municipalityId) : "",
    firstName: u.firstName,
    lastName: u.lastName,
    userName: u.userName,
    phone: u.phone ?? "",
    email: u.email ?? "",
    language: u.language,
  };
}

export interface UserFormProps {
  mode: UserFormMode;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue: Partial<UserFormShape>;
  /** Roles the caller may assign (GET user/roles); an edited user's current inactive role is added by the page. */
  roles: RoleItem[];
  municipalities: { id: number; name: string }[];
  /** The municipality-scoped routes: the municipality is fixed to this one. */
  fixedMunicipality?: { id: number; name: string } | null;
  /** Registration by e-mail is offered (spec 000 §6 roles, built-in provider). */
  canInvite: boolean;
  /** On create: a password may be set now (administrators and managers; workers only invite, spec 000 §6). */
  canSetPassword?: boolean;
  submitLabel: string;
  cancelTo: string;
}

const isAdminRole = (roleId: string | undefined) => Boolean(roleId) && ADMIN_ROLE_IDS.includes(Number(roleId));

/**
 * Create and edit of a user share this form (spec 001 §2 Users, §3 User, §5 password rules): role, municipality,
 * first and last name, a suggested user name, phone, e-mail, language and — on create — a password or an e-mail
 * invitation.
 */
export function UserForm({
  mode,
  lastResult,
  defaultValue,
  roles,
  municipalities,
  fixedMunicipality,
  canInvite,
  canSetPassword = false,
  submitLabel,
  cancelTo,
}: UserFormProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm<UserFormShape>((formData) => schemaFor(mode, formData.get("intent")), {
    lastResult,
    defaultValue,
  });
  const posting = useSubmitting();
  const busy = posting !== null && posting !== SUGGEST;

  // With JavaScript the municipality is hidden for the admin roles (they have none); the server ignores it anyway.
  const [roleId, setRoleId] = useState(String(defaultValue.roleId ?? ""));
  const suggestion = useUserNameSuggestion(fields);

  const roleOptions = roles.map((r) => ({ value: String(r.id), label: t(`common:role.${r.name}`, r.label) }));
  const languageOptions = LANGUAGES.map((l) => ({ value: l, label: t(`user:language.${l}`, l) }));

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value === SUGGEST && hydrated && suggestion.request(true)) {
          // With JavaScript the suggestion comes from the fetcher; the form stays as it is. Without both names
          // the submission goes on to the client validation, which shows what is missing.
          event.preventDefault();
          return;
        }
        form.onSubmit(event);
      }}
      className="group space-y-4"
      encType="application/x-www-form-urlencoded"
    >
      <FormErrors errors={form.errors} id={form.errorId} />
      <VersionField form={form} />
      <SectionCard title={t("user:section.account")} contentClassName="grid gap-4 md:grid-cols-2">
        <SelectField
          meta={fields.roleId}
          label={t("user:field.role")}
          options={roleOptions}
          emptyOption={t("user:field.chooseRole")}
          onChange={(e) => setRoleId(e.currentTarget.value)}
        />
        {fixedMunicipality ? (
          <div className="space-y-1">
            <p className="text-sm font-medium text-slate-700">{t("user:field.municipality")}</p>
            <input type="hidden" name={fields.municipalityId.name} value={fixedMunicipality.id} />
            <p className="py-1.5 text-sm font-semibold text-slate-900" data-testid="fixed-municipality">
              {fixedMunicipality.name}
            </p>
          </div>
        ) : (
          <>
            <SelectField
              meta={fields.municipalityId}
              label={t("user:field.municipality")}
              options={idOptions(municipalities)}
              emptyOption={t("user:field.chooseMunicipality")}
              className={cn(hydrated && isAdminRole(roleId) && "hidden")}
              description={hydrated ? undefined : t("user:field.municipalityHelp")}
            />
            {hydrated && isAdminRole(roleId) && (
              <div className="space-y-1">
                <p className="text-sm font-medium text-slate-700">{t("user:field.municipality")}</p>
                <p className="py-1.5 text-sm text-slate-600">{t("user:field.noMunicipality")}</p>
              </div>
            )}
          </>
        )}
        <InputField
          meta={fields.firstName}
          label={t("user:field.firstName")}
          autoComplete="off"
          onBlur={() => mode === "create" && suggestion.request(false)}
        />
        <InputField
          meta={fields.lastName}
          label={t("user:field.lastName")}
          autoComplete="off"
          onBlur={() => mode === "create" && suggestion.request(false)}
        />
        <div className="flex items-start gap-2">
          <InputField
            meta={fields.userName}
            label={t("user:field.userName")}
            className="flex-1"
            autoComplete="off"
            spellCheck={false}
            description={mode === "create" ? t("user:field.userNameHelp") : undefined}
          />
          {mode === "create" && (
            <Button
              type="submit"
              name="intent"
              value={SUGGEST}
              variant="secondary"
              formNoValidate
              className="mt-6"
              disabled={suggestion.loading}
            >
              {t("user:action.suggest")}
            </Button>
          )}
        </div>
        <SelectField
          meta={fields.language}
          label={t("user:field.language")}
          options={languageOptions}
          emptyOption={t("user:field.languageByCountry")}
        />
        <InputField meta={fields.phone} label={t("user:field.phone")} type="tel" autoComplete="off" />
        <InputField meta={fields.email} label={t("user:field.email")} type="email" autoComplete="off" />
      </SectionCard>

      {mode === "create" && (
        <SectionCard title={t("user:section.registration")} contentClassName="space-y-4">
          {canInvite && canSetPassword ? (
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-medium text-slate-700">{t("user:registration.legend")}</legend>
              <RegistrationRadio meta={fields.registration} value="password" label={t("user:registration.password")} />
              <RegistrationRadio
                meta={fields.registration}
                value="email"
                label={t("user:registration.email")}
                description={t("user:registration.emailHelp")}
              />
            </fieldset>
          ) : (
            <>
              <input type="hidden" name={fields.registration.name} value={canSetPassword ? "password" : "email"} />
              {!canSetPassword && <p className="text-sm text-slate-700">{t("user:registration.emailOnly")}</p>}
            </>
          )}
          {/* Hidden by CSS alone while the invitation is chosen: works without JavaScript too. */}
          {canSetPassword && (
            <div className="grid gap-4 group-has-[[data-registration=email]:checked]:hidden md:grid-cols-2">
              <NewPasswordFields
                password={fields.password}
                confirm={fields.confirmPassword}
                label={t("user:field.password")}
                confirmLabel={t("user:field.confirmPassword")}
              />
            </div>
          )}
        </SectionCard>
      )}

      <FormActions submitLabel={submitLabel} cancelTo={cancelTo} busy={busy} />
    </Form>
  );
}

function RegistrationRadio({
  meta,
  value,
  label,
  description,
}: {
  meta: FieldMetadata<string, any, string[]>;
  value: string;
  label: string;
  description?: string;
}) {
  const { key, ...props } = getInputProps(meta, { type: "radio", value });
  const id = `${meta.id}-${value}`;
  return (
    <div className="flex items-start gap-2">
      <input
        key={key}
        {...props}
        id={id}
        data-registration={value}
        className="mt-0.5 size-4 accent-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600"
      />
      <label htmlFor={id} className="text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        {description && <span className="block text-xs text-slate-500">{description}</span>}
      </label>
    </div>
  );
}

/**
 * The user-name suggestion with JavaScript (GET user/unique-user-name through the resource route): filled in when
 * both names are there and the field is still empty or still holds the previous suggestion; `force` (the
 * 'Navrhnout' button) always fills it.
 */
function useUserNameSuggestion(fields: ReturnType<typeof useForm<UserFormShape>>[1]) {
  const fetcher = useFetcher<{ userName: string | null }>();
  const last = useRef<string | null>(null);
  const force = useRef(false);
  const input = (name: keyof UserFormShape) => document.getElementById(fields[name].id) as HTMLInputElement | null;

  /** Asks for a suggestion; false when a name is missing. */
  function request(forced: boolean): boolean {
    const first = input("firstName")?.value.trim() ?? "";
    const lastName = input("lastName")?.value.trim() ?? "";
    const current = input("userName")?.value.trim() ?? "";
    if (!first || !lastName) return false;
    if (!forced && current !== "" && current !== last.current) return true;
    force.current = forced;
    void fetcher.load(`${SUGGEST_URL}?${new URLSearchParams({ firstName: first, lastName })}`);
    return true;
  }

  const answer = fetcher.data;
  useEffect(() => {
    const suggested = answer?.userName;
    if (fetcher.state !== "idle" || !suggested) return;
    const el = document.getElementById(fields.userName.id) as HTMLInputElement | null;
    if (!el) return;
    const current = el.value.trim();
    if (force.current || current === "" || current === last.current) {
      el.value = suggested;
      // Conform listens to input events on the form: it revalidates the field with the new value.
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }
    last.current = suggested;
    force.current = false;
  }, [answer, fetcher.state, fields.userName.id]);

  return { request, loading: fetcher.state !== "idle" };
}
