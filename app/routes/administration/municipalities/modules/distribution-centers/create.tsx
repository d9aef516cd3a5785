import type { Route } from "./+types/create";
import { centreFormSchema } from "#contract/distribution-centre";
import { pageTitle } from "~/components/page-title";
import { CreateFormPage } from "~/components/form-page";
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
  return (
    <CreateFormPage
      ns="distributionCenter"
      list={centresPath(loaderData.municipalityId)}
      Form={CentreForm}
      defaultValue={emptyCentre()}
      lastResult={actionData?.result}
    />
  );
}
