import type { Route } from "./+types/edit";
import { centreUpdateSchema } from "#contract/distribution-centre";
import { editTitle } from "~/components/page-title";
import { EditFormPage } from "~/components/form-page";
import { moduleEditPage } from "../+shared/record-pages.server";
import { CentreForm, toCentreValues } from "./+shared/form";
import { centrePath } from "./+shared/ui";

export const handle = editTitle<Route.ComponentProps["loaderData"]>("distributionCenter", (d) => d.record.name);

/** Spec 001 §2 Distribution centres → edit; a save over somebody else's answers 409 and keeps what was typed. */
const page = moduleEditPage({
  entity: "distributionCenter",
  idParam: "distributionId",
  schema: centreUpdateSchema,
  detail: (api, municipalityId, centreId) => api.distributionCentre.detail({ municipalityId, centreId }),
  update: (api, municipalityId, centreId, value) => api.distributionCentre.update({ municipalityId, centreId }, value),
  path: centrePath,
});
export const loader = page.loader;
export const action = page.action;

export default function EditCentre({ loaderData, actionData }: Route.ComponentProps) {
  const { record, municipalityId } = loaderData;
  return (
    <EditFormPage
      ns="distributionCenter"
      to={centrePath(municipalityId, record.id)}
      name={record.name}
      Form={CentreForm}
      defaultValue={toCentreValues(record)}
      lastResult={actionData?.result}
    />
  );
}
