import { Link, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create-for-subject";
import type { DiscountOption } from "#contract/fee-payer";
import { toIsoDate } from "#contract/calendar";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { FeePayerForm, emptyFeePayer } from "./form";
import { saveFeePayer } from "./form.server";
import { feePayerApi, useCountry } from "./shared";

const subjectPath = (id: number) => `/infrastructure/subjects/${id}`;

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `Nový poplatník · ${data?.subject.name ?? "Odběrné místo"} · Odpady obce` },
];

/** Spec 000 §2 /infrastructure/subjects/{subject_id}/fee-payers/create: a new payer who joins the subject. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const subjectId = requireId(params.subjectId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aAdd");
  const [subject, discounts] = await Promise.all([
    api.subject.detail({ municipalityId, subjectId }),
    api.get<{ items: DiscountOption[] }>(feePayerApi(municipalityId, undefined, "/discounts")),
  ]);
  return { subject: { id: subject.id, name: subject.name }, discounts: discounts.items, today: toIsoDate(new Date()) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const subjectId = requireId(params.subjectId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aAdd");
  const t = await userT(api.session);
  return saveFeePayer(api, context, await request.formData(), {
    method: "POST",
    path: feePayerApi(municipalityId),
    flash: t("feePayer:flash.createdForSubject", "Poplatník vytvořen a přidán na odběrné místo."),
    redirectTo: () => subjectPath(subjectId),
    // The subject comes from the URL, never from the page.
    fixed: { subjectId },
  });
}

export default function CreateFeePayerForSubject() {
  const { subject, discounts, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const country = useCountry();
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">
          {t("feePayer:createForSubject.title", "Nový poplatník odběrného místa {{name}}", { name: subject.name })}
        </h1>
        <p className="text-sm text-slate-600">
          {t("feePayer:createForSubject.help", "Poplatník se k odběrnému místu připojí ode dne, kdy je aktivní.")}{" "}
          <Link className="text-emerald-800 underline" to={subjectPath(subject.id)}>
            {subject.name}
          </Link>
        </p>
      </div>
      <FeePayerForm
        lastResult={actionData?.result}
        defaultValue={emptyFeePayer(today, country, subject.id)}
        discounts={discounts}
        forSubject
        submitLabel={t("feePayer:create.submit", "Vytvořit poplatníka")}
        cancelTo={subjectPath(subject.id)}
      />
    </div>
  );
}
