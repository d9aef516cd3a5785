import { Form, useSearchParams } from "react-router";
import { useSchemaForm } from "~/lib/use-schema-form";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Route } from "./+types/profile";
import { changePasswordSchema, LANGUAGES, profileUpdateSchema, type Profile } from "#contract/user";
import { apiFor } from "~/server/api.server";
import { submitForm } from "~/server/form.server";
import { formAnswer, readIntent, redirectWithFlash } from "~/server/action.server";
import { serverT, userT } from "~/server/i18n.server";
import { pageTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";
import { FormErrors, InputField, SelectField, VersionField } from "~/components/field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogTrigger } from "~/components/ui/dialog";
import { NewPasswordFields } from "~/components/password-field";
import { useSubmitting } from "~/lib/use-submitting";

export const handle = pageTitle("profile:title");

/** Spec 001 §2 Profile: every signed-in user, no permission needed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  return { profile: await api.user.profile() };
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

/**
 * intent=profile: PUT user/profile; the session's user follows at once (name in the header, language of every
 * page and of <html lang>). intent=password: POST user/profile/change-password; a wrong current password comes
 * back as the API's message under that field; this session stays signed in, the others end.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(request, context);
  const { formData, intent: posted } = await readIntent(request);
  const intent = posted === "password" ? "password" : "profile";

  if (intent === "password") {
    const outcome = await submitForm(formData, changePasswordSchema, (value) => api.user.changePassword({}, value), {
      hideFields: PASSWORD_FIELDS,
    });
    if (!outcome.ok) return formAnswer(intent, outcome);
    const t = await userT(api.session);
    return redirectWithFlash(api, context, "/profile", t("profile:flash.passwordChanged"));
  }

  const outcome = await submitForm(formData, profileUpdateSchema, (value) => api.user.updateProfile({}, value));
  if (!outcome.ok) return formAnswer(intent, outcome);
  const saved = outcome.data;
  const user = api.session.get("user");
  if (user) {
    api.session.set("user", {
      ...user,
      fullName: `${saved.firstName} ${saved.lastName}`.trim(),
      email: saved.email,
      language: saved.language,
    });
  }
  // The message is in the language just chosen.
  const t = await serverT(saved.language);
  return redirectWithFlash(api, context, "/profile", t("profile:flash.saved"));
}

export default function ProfilePage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { profile } = loaderData;
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const passwordFailed = answer?.intent === "password" && answer.result?.status === "error";

  return (
    <div className="space-y-4">
      <PageHeader
        title={t("profile:title")}
        subtitle={
          <>
            {profile.userName} · {t(`common:role.${profile.roleName}`, profile.roleLabel)}
            {profile.municipalityName && <> · {profile.municipalityName}</>}
          </>
        }
        actions={
          <DialogTrigger name="password" variant="secondary">
            {t("profile:password.open")}
          </DialogTrigger>
        }
      />
      <ProfileForm profile={profile} lastResult={answer?.intent === "profile" ? answer.result : undefined} />
      <Dialog
        name="password"
        title={t("profile:password.title")}
        description={t("profile:password.description")}
        open={searchParams.get("dialog") === "password" || passwordFailed}
      >
        {/* The answer with errors keeps the dialog open (Conform marks the fields only after the dialog looks). */}
        {passwordFailed && <span data-keep-dialog-open hidden />}
        <PasswordForm lastResult={answer?.intent === "password" ? answer.result : undefined} />
      </Dialog>
    </div>
  );
}

function ProfileForm({ profile, lastResult }: { profile: Profile; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm<z.input<typeof profileUpdateSchema>>(profileUpdateSchema, {
    id: "profile",
    lastResult,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone ?? "",
      email: profile.email ?? "",
      language: profile.language,
      version: String(profile.version),
    },
  });
  const busy = useSubmitting() === "profile";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="profile" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <VersionField form={form} />
      <SectionCard title={t("profile:section.personal")} contentClassName="grid gap-4 md:grid-cols-2">
        <InputField meta={fields.firstName} label={t("profile:field.firstName")} autoComplete="given-name" />
        <InputField meta={fields.lastName} label={t("profile:field.lastName")} autoComplete="family-name" />
        <InputField meta={fields.phone} label={t("profile:field.phone")} type="tel" autoComplete="tel" />
        <InputField meta={fields.email} label={t("profile:field.email")} type="email" autoComplete="email" />
        <SelectField
          meta={fields.language}
          label={t("profile:field.language")}
          description={t("profile:field.languageHelp")}
          options={LANGUAGES.map((l) => ({ value: l, label: t(`profile:language.${l}`, l) }))}
        />
      </SectionCard>
      <Button type="submit" disabled={busy}>
        {busy ? t("common:saving") : t("common:save")}
      </Button>
    </Form>
  );
}

function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm<z.input<typeof changePasswordSchema>>(changePasswordSchema, {
    id: "change-password",
    lastResult,
    scrollToError: false,
  });
  const busy = useSubmitting() === "password";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="password" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <InputField
        meta={fields.currentPassword}
        label={t("profile:password.current")}
        type="password"
        autoComplete="current-password"
      />
      <NewPasswordFields
        password={fields.newPassword}
        confirm={fields.confirmPassword}
        label={t("profile:password.new")}
        confirmLabel={t("profile:password.confirm")}
      />
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-3">
        <DialogClose variant="secondary">{t("common:cancel")}</DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? t("common:saving") : t("profile:password.submit")}
        </Button>
      </div>
    </Form>
  );
}
