import { z } from "zod";
import { unmetPasswordRequirements } from "#contract/password";
import {
  idParam,
  itemsAnswer,
  listAnswer,
  NOTHING_SELECTED,
  optionalEmail,
  optionalText,
  requiredText,
  versionAnswer,
  versionedIdAnswer,
  versionField,
  withVersion,
  accountAnswer,
  idNameAnswer,
} from "./common";
import { listFilter, listQuery } from "./list";
import { municipalityOption } from "./municipality";
import { userListKeys } from "./lists";
import { ADMIN_ROLES, ROLES } from "./roles";

/**
 * Users, roles and the own profile (spec 000 §6, §7 'User calls'; spec 001 §2 Users, Profile; §3 User; §5).
 * The API validates with these schemas and the web forms use the same ones (Conform + zod).
 *
 * Forms and the calls they make:
 * - users list (/administration/users): search params `userList.query` → GET user → `{ items: UserListItem[], total }`;
 *   bulk and single activate/deactivate → PATCH user/activate?isActiveState=… with `activateUsersBody`
 *   (checkbox name `personIds`; nothing selected → 'Vyberte položky.' on `personIds`);
 *   resend registration → PATCH user/resend-registration-email?userId=… (no body).
 * - create (/administration/users/create, …/municipalities/{id}/users/create): `userCreateFormSchema`, a union on
 *   `registration` ('password' → POST user/register with `registerUserSchema`; 'email' → POST
 *   user/register-by-email with `registerByEmailSchema`). The user-name suggestion comes from
 *   GET user/unique-user-name?FirstName=…&LastName=… (`uniqueUserNameAnswer`). Role options: GET user/roles.
 * - edit (…/users/{user_id}/edit): GET user/{id} → `UserDetail`; PUT user/{id} with `userUpdateSchema`
 *   (an empty password keeps the current one).
 * - sign-in and the layout: GET user/user-info (`userInfo`), user/user-info/permissions, and
 *   user/user-info/managed-municipalities (`managedMunicipality`: the municipality selection of every page).
 * - profile (/profile): GET user/profile → `Profile`; PUT user/profile with `profileUpdateSchema`; the
 *   change-password dialog posts `changePasswordSchema` to POST user/profile/change-password.
 */

export const LANGUAGES = ["cs", "sk", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

// 'Vyberte položky.' lives with the bulk selection rule in common.ts; the web's user list imports it from here.
export { NOTHING_SELECTED };
/** Spec 001 §5 / §8: a wrong current password. */
export const WRONG_CURRENT_PASSWORD = "Heslo neodpovídá současnému heslu.";
export const PASSWORDS_DIFFER = "Hesla se neshodují.";
/** Validity of the invitation link sent by POST user/register-by-email. */
export const REGISTRATION_LINK_TTL_HOURS = 72;

/** Role ids of the two admin roles (spec 000 §6): they have no municipality of their own. */
export const ADMIN_ROLE_IDS: readonly number[] = ROLES.filter((r) =>
  (ADMIN_ROLES as readonly string[]).includes(r.name),
).map((r) => r.id);

const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const optionalId = z.preprocess(emptyToUndefined, z.coerce.number().int().positive().max(2_147_483_647).optional());

export const phoneField = optionalText(30).refine((v) => !v || /^\+?[0-9 ]{6,20}$/.test(v), {
  message: "Zadejte platné telefonní číslo.",
});

export const USER_NAME_PATTERN = /^[A-Za-z0-9._@-]+$/;
export const userNameField = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({ message: "Vyplňte toto pole." })
    .min(1, { message: "Vyplňte toto pole." })
    .min(3, { message: "Uživatelské jméno musí mít alespoň 3 znaky." })
    .max(100, { message: "Nejvýše 100 znaků." })
    .regex(USER_NAME_PATTERN, {
      message: "Uživatelské jméno smí obsahovat jen písmena bez diakritiky, číslice a znaky . _ - @",
    }),
);

/**
 * A new password by the strong rule of spec 001 §5: one message per unmet requirement, in display order
 * (the form shows the first; contract/password.ts lists all of them under the field). Never trimmed.
 */
export const newPasswordField = z
  .string({ message: "Zadejte heslo." })
  .max(200, { message: "Nejvýše 200 znaků." })
  .superRefine((value, ctx) => {
    if (value === "") {
      ctx.addIssue({ code: "custom", message: "Zadejte heslo." });
      return;
    }
    for (const r of unmetPasswordRequirements(value, "strong"))
      ctx.addIssue({ code: "custom", message: r.defaultText });
  });

const requiredEmail = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({ message: "Vyplňte toto pole." })
    .min(1, { message: "Vyplňte toto pole." })
    .pipe(z.email({ message: "Zadejte platný e-mail." }).max(200, { message: "Nejvýše 200 znaků." })),
);

const roleIdField = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ message: "Vyberte roli." })
    .int({ message: "Vyberte roli." })
    .positive({ message: "Vyberte roli." }),
);

/** Fields of spec 001 §3 User shared by create and edit. */
const userFields = {
  roleId: roleIdField,
  firstName: requiredText(100),
  lastName: requiredText(100),
  userName: userNameField,
  phone: phoneField,
  email: optionalEmail,
  /** Required for every role except the admin roles (ignored for those: an administrator has no municipality). */
  municipalityId: optionalId,
  collectionYardId: optionalId,
  /** Interface and e-mail language; empty = by the municipality's country (SK → sk, otherwise cs). */
  language: z.preprocess(emptyToUndefined, z.enum(LANGUAGES, { message: "Vyberte hodnotu." }).optional()),
};

type RefineCtx = z.core.$RefinementCtx;

function municipalityRequired(v: { roleId?: unknown; municipalityId?: unknown }, ctx: RefineCtx) {
  if (!Number.isInteger(v.roleId) || ADMIN_ROLE_IDS.includes(v.roleId as number)) return;
  if (v.municipalityId === undefined)
    ctx.addIssue({ code: "custom", path: ["municipalityId"], message: "Vyberte obec." });
}

/** The repeated password must match; an API client that sends no confirmation at all (undefined) skips it. */
function passwordsMatch(password: unknown, confirm: unknown, ctx: RefineCtx, path = "confirmPassword") {
  if (typeof password !== "string" || password === "" || confirm === undefined) return;
  if (password !== confirm) ctx.addIssue({ code: "custom", path: [path], message: PASSWORDS_DIFFER });
}

// The refinements run also when other fields failed, so the form shows every error at once.
const always = { when: () => true } as const;

/** The user's fields with a password typed twice (`password` its rule); the municipality and the repeat checked. */
const withPassword = <P extends z.ZodType>(password: P) =>
  z.object({ ...userFields, password, confirmPassword: z.string().optional() }).superRefine((v, ctx) => {
    municipalityRequired(v, ctx);
    const typed = v as { password?: unknown; confirmPassword?: string };
    passwordsMatch(typed.password, typed.confirmPassword, ctx);
  }, always);

/** POST user/register: a user with a password (strong rule, typed twice). */
export const registerUserSchema = withPassword(newPasswordField);
export type RegisterUser = z.infer<typeof registerUserSchema>;

/** POST user/register-by-email: no password; the user gets an invitation link to set one (e-mail required). */
export const registerByEmailSchema = z
  .object({ ...userFields, email: requiredEmail })
  .superRefine((v, ctx) => municipalityRequired(v, ctx), always);
export type RegisterByEmail = z.infer<typeof registerByEmailSchema>;

export const REGISTRATION_METHODS = ["password", "email"] as const;
/** The create form: one form, the `registration` radio decides the call and which fields are required. */
export const userCreateFormSchema = z.discriminatedUnion("registration", [
  registerUserSchema.extend({ registration: z.literal("password") }),
  registerByEmailSchema.extend({ registration: z.literal("email") }),
]);
export type UserCreateForm = z.infer<typeof userCreateFormSchema>;

const optionalNewPassword = z.preprocess(emptyToUndefined, newPasswordField.optional());

/** PUT user/{id}: the edit form. An empty password keeps the current one; a new one ends the user's sessions. */
export const userUpdateSchema = withPassword(optionalNewPassword);
export type UserUpdate = z.infer<typeof userUpdateSchema>;
/** PUT user/{id}: the edit form with the version the user saw (decision 20). */
export const userUpdateBody = withVersion(userUpdateSchema);
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

/** GET user: search, role, municipality and active filters; page, pageSize (≤ 200) and sort (contract/lists.ts). */
export const userList = listQuery(userListKeys, {
  /** Part of the user name, first or last name, e-mail or phone. */
  search: listFilter.search(),
  roleId: listFilter.id(),
  municipalityId: listFilter.id(),
  active: listFilter.boolean(),
});
export type UserListQuery = z.output<typeof userList.query>;

/** A user's role and home municipality as the users list and the profile answer them. */
const roleAndHomeAnswer = {
  roleId: z.number(),
  /** Role name of spec 000 §6; the label is translated by `common:role.<roleName>`. */
  roleName: z.string(),
  roleLabel: z.string(),
  municipalityId: z.number().nullable(),
  municipalityName: z.string().nullable(),
};

export const userListItem = z.object({
  id: z.number(),
  ...accountAnswer,
  fullName: z.string(),
  ...roleAndHomeAnswer,
  lastLoginAt: z.string().nullable(),
  active: z.boolean(),
  /** Registered by e-mail and no password set yet: 'resend registration' applies. */
  registrationPending: z.boolean(),
});
export type UserListItem = z.infer<typeof userListItem>;
export const userListAnswer = listAnswer(userListItem);

/** GET user/{id}. */
export const userDetail = userListItem.extend({
  ...versionAnswer,
  language: z.enum(LANGUAGES),
  collectionYardId: z.number().nullable(),
  createdAt: z.string(),
  /** When the newest unused invitation link expires; null when there is none. */
  invitationExpiresAt: z.string().nullable(),
});
export type UserDetail = z.infer<typeof userDetail>;

/** GET user/roles: active roles only (spec 001 §6), and only those the caller may assign. */
export const roleItem = z.object({
  ...idNameAnswer,
  label: z.string(),
  /** The caller may give this role to a user (decision 0014); lists filter by every role, forms offer these. */
  assignable: z.boolean(),
});
export type RoleItem = z.infer<typeof roleItem>;
export const roleListAnswer = itemsAnswer(roleItem);

/** PATCH user/activate?isActiveState=true|false. */
export const activateUsersQuery = z.object({
  isActiveState: z.enum(["true", "false"], { message: "Zadejte true nebo false." }).transform((v) => v === "true"),
});
/** Body of PATCH user/activate: the selected ids (checkboxes named personIds; one value or many). */
export const activateUsersBody = z.object({
  personIds: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(idParam, { message: NOTHING_SELECTED }).min(1, { message: NOTHING_SELECTED }).max(1000),
  ),
});
export type ActivateUsersBody = z.infer<typeof activateUsersBody>;
export const activateUsersAnswer = z.object({ updated: z.number(), active: z.boolean() });

/** GET user/unique-user-name?FirstName=…&LastName=… → { userName: 'jan.novak' } (then 'jan.novak2', …). */
export const uniqueUserNameQuery = z.object({ FirstName: requiredText(100), LastName: requiredText(100) });
export const uniqueUserNameAnswer = z.object({ userName: z.string() });

/** PATCH user/resend-registration-email?userId=… */
export const resendRegistrationQuery = z.object({ userId: idParam });
export const resendRegistrationAnswer = z.object({ userId: z.number(), expiresAt: z.string(), mailSent: z.boolean() });

/** POST user/register and user/register-by-email answer the new id (and whether the invitation went out). */
export const registerAnswer = z.object({ id: z.number(), mailSent: z.boolean().optional() });

/** GET user/profile: the signed-in user's own data. */
export const profile = z.object({
  ...versionedIdAnswer,
  ...accountAnswer,
  language: z.enum(LANGUAGES),
  ...roleAndHomeAnswer,
});
export type Profile = z.infer<typeof profile>;

/** PUT user/profile: personal information and the interface language. */
export const profileUpdateSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  phone: phoneField,
  email: optionalEmail,
  language: z.enum(LANGUAGES, { message: "Vyberte hodnotu." }),
  version: versionField,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** POST user/profile/change-password. A wrong current password: 422 on currentPassword (WRONG_CURRENT_PASSWORD). */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ message: "Zadejte současné heslo." }).min(1, { message: "Zadejte současné heslo." }),
    newPassword: newPasswordField,
    confirmPassword: z.string({ message: PASSWORDS_DIFFER }),
  })
  .superRefine((v, ctx) => {
    passwordsMatch(v.newPassword, v.confirmPassword, ctx);
    if (typeof v.newPassword === "string" && v.newPassword !== "" && v.newPassword === v.currentPassword) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: "Nové heslo se musí lišit od současného." });
    }
  }, always);
export type ChangePassword = z.infer<typeof changePasswordSchema>;
export const changePasswordAnswer = z.object({ changed: z.literal(true), endedSessions: z.number() });

/** GET user/user-info: the signed-in user as the web's session keeps it (spec 000 §7). */
export const userInfo = z.object({
  id: z.number(),
  fullName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  language: z.string(),
  roles: z.array(z.object({ name: z.string() })),
  municipality: z.object({ id: z.number() }).nullable(),
  loggedIn: z.literal(true),
});
export type UserInfo = z.infer<typeof userInfo>;

/** GET user/user-info/permissions: 'entity.action' values, sorted. */
export const permissionList = z.array(z.object({ value: z.string() }));

/**
 * GET user/user-info/managed-municipalities: the municipalities the user works in (all for the admin roles), each as
 * the municipality options answer it, with the user's waste company branch there.
 */
export const managedMunicipality = municipalityOption.extend({ wasteCompanyBranchId: z.number().nullable() });
export type ManagedMunicipality = z.infer<typeof managedMunicipality>;
export const managedMunicipalitiesAnswer = itemsAnswer(managedMunicipality);
