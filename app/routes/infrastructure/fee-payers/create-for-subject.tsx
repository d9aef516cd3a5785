import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create-for-subject";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { pageTitle } from "~/components/page-title";
import { FormPage } from "~/components/form-page";
import { useCountry } from "~/components/money";
import { FeePayerForm, emptyFeePayer } from "./+shared/form";
import { createFormData, saveFeePayer } from "./+shared/form.server";
import { subjectPath } from "./+shared/ui";

export const handle = pageTitle<Route.ComponentProps["loaderData"]>(
  (t, d) => `${t("feePayer:create.title")} · ${d?.subject.name ?? t("feePayer:history.subject")}`,
);

/** Spec 000 §2 /infrastructure/subjects/{subject_id}/fee-payers/create: a new payer who joins the subject. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const subjectId = requireId(params.subjectId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aAdd");
  const [subject, form] = await Promise.all([
    api.subject.detail({ municipalityId, subjectId }),
    createFormData(api, municipalityId),
  ]);
  return { subject: { id: subject.id, name: subject.name }, ...form };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const subjectId = requireId(params.subjectId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aAdd");
  return saveFeePayer(api, context, await request.formData(), {
    municipalityId,
    flash: "createdForSubject",
    redirectTo: () => subjectPath(subjectId),
    // The subject comes from the URL, never from the page.
    fixed: { subjectId },
  });
}

export default function CreateFeePayerForSubject({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { subject, discounts, today } = loaderData;
  const country = useCountry();
  const { t } = useTranslation();
  return (
    <FormPage
      title={t("feePayer:createForSubject.title", { name: subject.name })}
      subtitle={
        <>
          {t("feePayer:createForSubject.help")}{" "}
          <Link className="text-emerald-800 underline" to={subjectPath(subject.id)}>
            {subject.name}
          </Link>
        </>
      }
    >
      <FeePayerForm
        lastResult={answer?.result}
        defaultValue={emptyFeePayer(today, country, subject.id)}
        discounts={discounts}
        forSubject
        submitLabel={t("feePayer:create.submit")}
        cancelTo={subjectPath(subject.id)}
      />
    </FormPage>
  );
}
