import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { pageTitle } from "~/components/page-title";
import { CreatePage } from "~/components/form-page";
import { formId } from "~/server/action.server";
import { requireMunicipality } from "~/server/guard.server";
import { SubjectForm } from "./+shared/form";
import { municipalityOf, parentOptions, subjectFormAction } from "./+shared/form.server";
import { SUBJECTS_PATH, subjectPath } from "./+shared/ui";

export const handle = pageTitle("subject:create.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "subject.aAdd");
  // ?parentId= preselects the parent (the detail's 'Přidat podřízené místo').
  const requested = formId(new URL(request.url).searchParams.get("parentId"));
  const [municipality, parents] = await Promise.all([
    municipalityOf(api, municipalityId),
    parentOptions(api, municipalityId, { selected: requested }),
  ]);
  // An id that is not a subject of this municipality is simply not preselected.
  const parentId = requested && parents.some((p) => p.id === requested) ? requested : null;
  return { municipality, parents, parentId };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "subject.aAdd");
  return subjectFormAction(api, context, await request.formData(), { municipalityId });
}

export default function CreateSubject({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { municipality, parents, parentId } = loaderData;
  const { t } = useTranslation();
  // From a parent's 'Přidat podřízené místo' the way back is that parent, otherwise the list.
  const parent = parentId ? parents.find((p) => p.id === parentId) : undefined;
  const back = parent && { to: subjectPath(parent.id), label: parent.name };
  return (
    <CreatePage ns="subject" list={SUBJECTS_PATH} back={back}>
      <SubjectForm
        lastResult={answer?.result}
        defaultValue={{
          type: "Household",
          city: municipality.name,
          operatorCountry: municipality.country,
          parentId: parentId ? String(parentId) : "",
        }}
        parentOptions={answer?.parentOptions ?? parents}
        parentSearch={answer?.parentSearch}
        submitLabel={t("subject:create.submit")}
        cancelTo={back?.to ?? SUBJECTS_PATH}
      />
    </CreatePage>
  );
}
