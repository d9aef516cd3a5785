import type { Route } from "./+types/edit";
import { yardUpdateSchema } from "#contract/yard";
import { editTitle } from "~/components/page-title";
import { EditFormPage } from "~/components/form-page";
import { moduleEditPage } from "../+shared/record-pages.server";
import { toYardValues, YardForm } from "./+shared/form";
import { yardPath } from "./+shared/ui";

export const handle = editTitle<Route.ComponentProps["loaderData"]>("collectionYard", (d) => d.record.name);

/** Spec 001 §2 Collection yards → edit; a save over somebody else's answers 409 and keeps what was typed. */
const page = moduleEditPage({
  entity: "collectionYard",
  idParam: "yardId",
  schema: yardUpdateSchema,
  detail: (api, municipalityId, yardId) => api.collectionYard.detail({ municipalityId, yardId }),
  update: (api, municipalityId, yardId, value) => api.collectionYard.update({ municipalityId, yardId }, value),
  path: yardPath,
});
export const loader = page.loader;
export const action = page.action;

export default function EditYard({ loaderData, actionData }: Route.ComponentProps) {
  const { record, municipalityId } = loaderData;
  return (
    <EditFormPage
      ns="collectionYard"
      to={yardPath(municipalityId, record.id)}
      name={record.name}
      Form={YardForm}
      defaultValue={toYardValues(record)}
      lastResult={actionData?.result}
    />
  );
}
