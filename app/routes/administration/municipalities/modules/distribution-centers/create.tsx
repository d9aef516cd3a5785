import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { centreFormSchema } from "#contract/distribution-centre";
import { pageTitle } from "~/components/page-title";
import { CreatePage } from "~/components/form-page";
import { moduleCreatePage } from "../+shared/record-pages.server";
import { CentreForm, emptyCentre } from "./+shared/form";
import { centrePath, centresPath } from "./+shared/ui";

export const handle = pageTitle("distributionCenter:create.title");

/** Spec 001 §2 Distribution centres → create (name, phone, e-mail). */
const page = moduleCreatePage({
  entity: "distributionCenter",
  schema: centreFormSchema,
  create: (api, municipalityId, value) => api.distributionCentre.create({ municipalityId }, value),
  path: centrePath,
});
export const loader = page.loader;
export const action = page.action;

export default function CreateCentre({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const list = centresPath(loaderData.municipalityId);
  return (
    <CreatePage ns="distributionCenter" list={list}>
      <CentreForm
        lastResult={actionData?.result}
        defaultValue={emptyCentre()}
        submitLabel={t("distributionCenter:create.submit")}
        cancelTo={list}
      />
    </CreatePage>
  );
}
