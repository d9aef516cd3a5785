import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import { editTitle } from "~/components/page-title";
import { EditPage } from "~/components/form-page";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { SubjectForm, toFormValues } from "./+shared/form";
import { municipalityOf, operatorCountryOf, parentOptions, subjectFormAction } from "./+shared/form.server";
import { subjectPath } from "./+shared/ui";

export const handle = editTitle<Route.ComponentProps["loaderData"]>("subject", (d) => d.subject.name);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const subjectId = requireId(params.subjectId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "subject.aEdit");
  const subject = await api.subject.detail({ municipalityId, subjectId });
  const [municipality, parents] = await Promise.all([
    municipalityOf(api, municipalityId),
    parentOptions(api, municipalityId, { exclude: subjectId, selected: subject.parentId }),
  ]);
  return {
    subject,
    parents,
    operatorCountry: operatorCountryOf(subject.operatorIdentificationNumber, municipality.country),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const subjectId = requireId(params.subjectId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "subject.aEdit");
  return subjectFormAction(api, context, await request.formData(), { municipalityId, subjectId });
}

export default function EditSubject({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { subject, parents, operatorCountry } = loaderData;
  const { t } = useTranslation();
  return (
    <EditPage ns="subject" to={subjectPath(subject.id)} name={subject.name}>
      <SubjectForm
        lastResult={answer?.result}
        defaultValue={{ ...toFormValues(subject), operatorCountry }}
        parentOptions={answer?.parentOptions ?? parents}
        parentSearch={answer?.parentSearch}
        submitLabel={t("common:save")}
        cancelTo={subjectPath(subject.id)}
      />
    </EditPage>
  );
}
