import type { AppLoadContext } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { EMAIL_REGISTRATION_ROLES, isAdministrator, maySetPassword } from "#contract/roles";
import { userCreateFormSchema, userUpdateBody, type RoleItem, type UserDetail } from "#contract/user";
import type { ApiClient } from "~/server/api.server";
import { answer, apiAnswer, formAnswer, redirectWithFlash } from "~/server/action.server";
import { submitForm } from "~/server/form.server";
import { userT } from "~/server/i18n.server";
import { SECRET_FIELDS, SUGGEST, suggestSchema } from "./form";
import { RESEND } from "./ui";

/** Spec 000 §6: only these roles register users by e-mail; it needs the built-in provider's set-password page. */
export function canInvite(api: ApiClient, context: AppLoadContext): boolean {
  const roles = api.session.get("user")?.roles ?? [];
  return context.config.builtInIdp && roles.some((r) => (EMAIL_REGISTRATION_ROLES as readonly string[]).includes(r));
}

/** Whether the caller may create a user with a password (the create form offers it only then). */
export function canSetPassword(api: ApiClient): boolean {
  return maySetPassword(api.session.get("user")?.roles ?? []);
}

/**
 * What the form needs: the roles the caller may assign (GET user/roles, active and assignable) and the municipalities
 * they may pick (GET municipality/options: a manager gets only their own). In a municipality's scope the admin roles,
 * which have no municipality, are not offered.
 */
export async function loadFormOptions(api: ApiClient, scope?: { municipalityId: number }) {
  const [roles, municipalities] = await Promise.all([api.user.roles(), api.municipality.options()]);
  const items = roles.items.filter((r) => r.assignable && !(scope && isAdministrator([r.name])));
  return { roles: items, municipalities: municipalities.items.map((m) => ({ id: m.id, name: m.name })) };
}

/** An edited user may hold a role that is not offered (inactive, or given by an admin): it stays selectable for them. */
export function withCurrentRole(roles: RoleItem[], user: UserDetail): RoleItem[] {
  if (roles.some((r) => r.id === user.roleId)) return roles;
  return [...roles, { id: user.roleId, name: user.roleName, label: user.roleLabel, assignable: false }];
}

/**
 * The 'Navrhnout' button without JavaScript: the submitted form comes back with the suggested user name put in
 * (the same mechanism as the municipality registry lookup, decision 0005).
 */
export async function suggestUserName(api: ApiClient, formData: FormData) {
  const submission = parseWithZod(formData, { schema: suggestSchema });
  if (submission.status !== "success") {
    return answer({ intent: SUGGEST, result: submission.reply({ hideFields: SECRET_FIELDS }) });
  }
  const res = await api.result.user.uniqueUserName({
    FirstName: submission.value.firstName,
    LastName: submission.value.lastName,
  });
  if (!res.ok) {
    const result = submission.reply({ fieldErrors: { userName: [res.problem.Message] }, hideFields: SECRET_FIELDS });
    return answer({ intent: SUGGEST, result }, res.status === 422 ? 422 : 200);
  }
  const reply = submission.reply({ hideFields: SECRET_FIELDS });
  const initialValue = { ...(reply.initialValue ?? {}), userName: res.data.userName };
  return answer({ intent: SUGGEST, result: { ...reply, status: undefined, initialValue } }, 200);
}

/**
 * POST of the create form: a password (POST user/register) or an e-mail invitation (POST user/register-by-email).
 * In a municipality's scope the municipality is the one of the URL, whatever was posted.
 */
export async function createUser(
  api: ApiClient,
  context: AppLoadContext,
  formData: FormData,
  opts: { municipalityId?: number; backTo: string },
) {
  const intent = String(formData.get("intent") ?? "");
  if (intent === SUGGEST) return suggestUserName(api, formData);
  if (opts.municipalityId) formData.set("municipalityId", String(opts.municipalityId));
  const outcome = await submitForm(
    formData,
    userCreateFormSchema,
    (value) => (value.registration === "email" ? api.user.registerByEmail({}, value) : api.user.register({}, value)),
    { hideFields: SECRET_FIELDS },
  );
  if (!outcome.ok) return formAnswer(intent, outcome);
  const t = await userT(api.session);
  const invited = outcome.submission.value?.registration === "email";
  if (invited && outcome.data.mailSent === false) {
    return redirectWithFlash(api, context, opts.backTo, t("user:flash.createdMailFailed"), "warning");
  }
  const text = invited ? t("user:flash.invited") : t("user:flash.created");
  return redirectWithFlash(api, context, opts.backTo, text);
}

/** POST of the edit form (PUT user/{id}, no password) and the resend-registration button of the edit page. */
export async function updateUser(
  api: ApiClient,
  context: AppLoadContext,
  formData: FormData,
  opts: { userId: number; municipalityId?: number; backTo: string; editUrl: string },
) {
  const intent = String(formData.get("intent") ?? "");
  if (intent === SUGGEST) return suggestUserName(api, formData);
  if (intent === RESEND) return resendRegistration(api, context, opts.userId, opts.editUrl);
  if (opts.municipalityId) formData.set("municipalityId", String(opts.municipalityId));
  formData.delete("password");
  formData.delete("confirmPassword");
  const outcome = await submitForm(formData, userUpdateBody, (value) => api.user.update({ id: opts.userId }, value));
  if (!outcome.ok) return formAnswer(intent, outcome);
  const t = await userT(api.session);
  return redirectWithFlash(api, context, opts.backTo, t("user:flash.saved"));
}

/** PATCH user/resend-registration-email?userId: a new invitation link (the old one stops working). */
export async function resendRegistration(api: ApiClient, context: AppLoadContext, userId: number, backTo: string) {
  const res = await api.user.resendRegistration({ userId });
  if (!res.ok) return apiAnswer(RESEND, res);
  const t = await userT(api.session);
  return redirectWithFlash(api, context, backTo, t("user:flash.resent"));
}
