import type { Route } from "./+types/create";
import { yardFormSchema } from "#contract/yard";
import { pageTitle } from "~/components/page-title";
import { CreateFormPage } from "~/components/form-page";
import { moduleCreatePage } from "../+shared/record-pages.server";
import { emptyYard, YardForm } from "./+shared/form";
import { yardPath, yardsPath } from "./+shared/ui";

export const handle = pageTitle("collectionYard:create.title");

/** Spec 001 §2 Collection yards → create: the yard with its schedule and exceptions. */
const page = moduleCreatePage({
  entity: "collectionYard",
  schema: yardFormSchema,
  create: (api, municipalityId, value) => api.collectionYard.create({ municipalityId }, value),
  path: yardPath,
});
export const loader = page.loader;
export const action = page.action;

export default function CreateYard({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CreateFormPage
      ns="collectionYard"
      list={yardsPath(loaderData.municipalityId)}
      Form={YardForm}
      defaultValue={emptyYard()}
      lastResult={actionData?.result}
    />
  );
}
