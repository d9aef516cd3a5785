import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { requireMunicipality } from "~/server/guard.server";
import { pageTitle } from "~/components/page-title";
import { CreatePage } from "~/components/form-page";
import { useCountry } from "~/components/money";
import { FeePayerForm, emptyFeePayer } from "./+shared/form";
import { createFormData, saveFeePayer } from "./+shared/form.server";
import { LIST_PATH, detailPath } from "./+shared/ui";

export const handle = pageTitle("feePayer:create.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aAdd");
  return createFormData(api, municipalityId);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aAdd");
  return saveFeePayer(api, context, await request.formData(), {
    municipalityId,
    flash: "created",
    redirectTo: detailPath,
  });
}

export default function CreateFeePayer({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { discounts, today } = loaderData;
  const country = useCountry();
  const { t } = useTranslation();
  return (
    <CreatePage ns="feePayer" list={LIST_PATH}>
      <FeePayerForm
        lastResult={answer?.result}
        defaultValue={emptyFeePayer(today, country)}
        discounts={discounts}
        submitLabel={t("feePayer:create.submit")}
        cancelTo={LIST_PATH}
      />
    </CreatePage>
  );
}
