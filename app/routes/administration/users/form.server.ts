import { data, redirect, type AppLoadContext } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { EMAIL_REGISTRATION_ROLES, isAdministrator } from "#contract/roles";
import { userCreateFormSchema, userUpdateBody, type RoleItem, type UserDetail } from "#contract/user";
import type { ApiClient } from "~/server/api.server";
import { submitForm } from "~/server/form.server";
import { userT } from "~/server/i18n.server";
import { addFlash, commit } from "~/server/session.server";
import { SECRET_FIELDS, suggestSchema } from "./form";

interface MunicipalityOption {
  id: number;
  name: string;
}

/** Spec 000 §6: only these roles register users by e-mail; it needs the built-in provider's set-password page. */
export function canInvite(api: ApiClient, context: AppLoadContext): boolean {
  const roles = api.session.get("user")?.roles ?? [];
  return context.config.builtInIdp && roles.some((r) => (EMAIL_REGISTRATION_ROLES as readonly string[]).includes(r));
}

/**
 * What the form needs: the roles the caller may assign (GET user/roles, active and assignable) and the municipalities
 * they may pick (/municipality/options: a manager gets only their own). In a municipality's scope the admin roles,
 * which have no municipality, are not offered.
 */
export async function loadFormOptions(api: ApiClient, scope?: { municipalityId: number }) {
  const [roles, municipalities] = await Promise.all([
    api.get<{ items: RoleItem[] }>("/user/roles"),
    api.get<{ items: MunicipalityOption[] }>("/municipality/options"),
  ]);
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
    return data({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 422 });
  }
  const res = await api.request<{ userName: string }>("GET", "/user/unique-user-name", {
    query: { FirstName: submission.value.firstName, LastName: submission.value.lastName },
  });
  if (!res.ok) {
    return data(
      { result: submission.reply({ fieldErrors: { userName: [res.problem.Message] }, hideFields: SECRET_FIELDS }) },
      { status: res.status === 422 ? 422 : 200 },
    );
  }
  const reply = submission.reply({ hideFields: SECRET_FIELDS });
  return {
    result: {
      ...reply,
      status: undefined,
      initialValue: { ...(reply.initialValue ?? {}), userName: res.data.userName },
    },
  };
}

async function done(
  api: ApiClient,
  context: AppLoadContext,
  to: string,
  message: { type: "success" | "warning"; text: string },
) {
  addFlash(api.session, message);
  return redirect(to, { headers: { "Set-Cookie": await commit(context, api.session) } });
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
  if (formData.get("intent") === "suggest") return suggestUserName(api, formData);
  if (opts.municipalityId) formData.set("municipalityId", String(opts.municipalityId));
  const outcome = await submitForm(
    formData,
    userCreateFormSchema,
    ({ registration, ...value }) =>
      registration === "email"
        ? api.send<{ id: number; mailSent?: boolean }>("POST", "/user/register-by-email", value)
        : api.send<{ id: number; mailSent?: boolean }>("POST", "/user/register", value),
    { hideFields: SECRET_FIELDS },
  );
  if (!outcome.ok) return outcome.response;
  const t = await userT(api.session);
  const invited = outcome.submission.value?.registration === "email";
  if (invited && outcome.data.mailSent === false) {
    return done(api, context, opts.backTo, {
      type: "warning",
      text: t(
        "user:flash.createdMailFailed",
        "Uživatel vytvořen, ale pozvánku se nepodařilo odeslat. Pošlete ji prosím znovu.",
      ),
    });
  }
  return done(api, context, opts.backTo, {
    type: "success",
    text: invited
      ? t("user:flash.invited", "Uživatel vytvořen. Pozvánka k nastavení hesla byla odeslána e-mailem.")
      : t("user:flash.created", "Uživatel vytvořen."),
  });
}

/** POST of the edit form (PUT user/{id}, no password) and the resend-registration button of the edit page. */
export async function updateUser(
  api: ApiClient,
  context: AppLoadContext,
  formData: FormData,
  opts: { userId: number; municipalityId?: number; backTo: string; editUrl: string },
) {
  const intent = formData.get("intent");
  if (intent === "suggest") return suggestUserName(api, formData);
  if (intent === "resend") return resendRegistration(api, context, opts.userId, opts.editUrl);
  if (opts.municipalityId) formData.set("municipalityId", String(opts.municipalityId));
  formData.delete("password");
  formData.delete("confirmPassword");
  const outcome = await submitForm(formData, userUpdateBody, (value) =>
    api.send("PUT", `/user/${opts.userId}`, value),
  );
  if (!outcome.ok) return outcome.response;
  const t = await userT(api.session);
  return done(api, context, opts.backTo, { type: "success", text: t("user:flash.saved", "Změny uloženy.") });
}

/** PATCH user/resend-registration-email?userId: a new invitation link (the old one stops working). */
export async function resendRegistration(api: ApiClient, context: AppLoadContext, userId: number, backTo: string) {
  const res = await api.request("PATCH", "/user/resend-registration-email", { query: { userId } });
  if (!res.ok) return data({ intent: "resend", message: res.problem.Message }, { status: res.status });
  const t = await userT(api.session);
  return done(api, context, backTo, { type: "success", text: t("user:flash.resent", "Registrační e-mail odeslán.") });
}
