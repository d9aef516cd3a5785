import { useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { requireMunicipality } from "~/server/guard.server";
import { SubjectForm } from "./form";
import { municipalityOf, parentOptions, subjectFormAction, type SubjectFormAnswer } from "./form.server";
import { SUBJECTS_PATH, subjectPath } from "./subject-ui";

export const meta = () => [{ title: "Nové odběrné místo · Odpady obce" }];

/** ?parentId= preselects the parent (the detail's 'Přidat podřízené místo'). */
function parentIdOf(request: Request): number | null {
  const n = Number(new URL(request.url).searchParams.get("parentId"));
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "subject.aAdd");
  const requested = parentIdOf(request);
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

export default function CreateSubject() {
  const { municipality, parents, parentId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as SubjectFormAnswer | undefined;
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("subject:create.title", "Nové odběrné místo")}</h1>
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
        submitLabel={t("subject:create.submit", "Vytvořit odběrné místo")}
        cancelTo={parentId ? subjectPath(parentId) : SUBJECTS_PATH}
      />
    </div>
  );
}
