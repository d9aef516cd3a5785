/**
 * The create and edit screens of a user, shared by the users area and a municipality's scope (where the
 * municipality is fixed to the one of the URL): the routes load and act, these render.
 */
import type { RoleItem, UserDetail } from "#contract/user";
import { useTranslation } from "~/i18n/use-translation";
import type { ActionAnswer } from "~/lib/action-answer";
import { FormPage } from "~/components/form-page";
import { UserEditHeader } from "./edit-header";
import { UserForm, toFormValues } from "./form";

type MunicipalityChoice = { id: number; name: string };

interface ScreenProps {
  /** The way back (the users list or the municipality's detail); the form's cancel leads there too. */
  back: { to: string; label: string };
  roles: RoleItem[];
  municipalities: MunicipalityChoice[];
  /** A municipality's scope: the municipality is fixed to this one. */
  fixedMunicipality?: MunicipalityChoice;
  canInvite: boolean;
  answer?: ActionAnswer;
}

export function CreateUserScreen({
  title,
  municipalityId,
  back,
  answer,
  ...form
}: ScreenProps & { title: string; municipalityId?: number; canSetPassword: boolean }) {
  const { t } = useTranslation();
  return (
    <FormPage back={back} title={title}>
      <UserForm
        mode="create"
        lastResult={answer?.result}
        defaultValue={{
          registration: form.canSetPassword ? "password" : "email",
          municipalityId: municipalityId ? String(municipalityId) : "",
        }}
        submitLabel={t("user:create.submit")}
        cancelTo={back.to}
        {...form}
      />
    </FormPage>
  );
}

export function EditUserScreen({ user, back, answer, ...form }: ScreenProps & { user: UserDetail }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <UserEditHeader user={user} back={back} canInvite={form.canInvite} answer={answer} />
      <UserForm
        mode="edit"
        lastResult={answer?.result}
        defaultValue={toFormValues(user)}
        submitLabel={t("common:save")}
        cancelTo={back.to}
        {...form}
      />
    </div>
  );
}
