import { useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import type { SubjectDetail } from "#contract/subject";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { SubjectForm, toFormValues } from "./form";
import {
  municipalityOf,
  operatorCountryOf,
  parentOptions,
  subjectFormAction,
  type SubjectFormAnswer,
} from "./form.server";
import { subjectPath } from "./subject-ui";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.subject.name ?? "Odběrné místo"} · úprava` }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.subjectId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "subject.aEdit");
  const subject = await api.get<SubjectDetail>(`/municipality/${municipalityId}/subject/${id}`);
  const [municipality, parents] = await Promise.all([
    municipalityOf(api, municipalityId),
    parentOptions(api, municipalityId, { exclude: id, selected: subject.parentId }),
  ]);
  return {
    subject,
    parents,
    operatorCountry: operatorCountryOf(subject.operatorIdentificationNumber, municipality.country),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = requireId(params.subjectId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "subject.aEdit");
  return subjectFormAction(api, context, await request.formData(), { municipalityId, subjectId: id });
}

export default function EditSubject() {
  const { subject, parents, operatorCountry } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as SubjectFormAnswer | undefined;
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">
        {t("subject:edit.title", "Úprava odběrného místa")}: {subject.name}
      </h1>
      <SubjectForm
        lastResult={answer?.result}
        defaultValue={{ ...toFormValues(subject), operatorCountry }}
        parentOptions={answer?.parentOptions ?? parents}
        parentSearch={answer?.parentSearch}
        submitLabel={t("common:save", "Uložit")}
        cancelTo={subjectPath(subject.id)}
      />
    </div>
  );
}
