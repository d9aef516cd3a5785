import { redirect, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { requirePermission } from "~/server/guard.server";
import { submitForm } from "~/server/form.server";
import { commit, addFlash } from "~/server/session.server";
import { userT } from "~/server/i18n.server";
import { municipalityFormSchema } from "#contract/municipality";
import { EMPTY_MUNICIPALITY, MunicipalityForm } from "./form";
import { lookupCompany } from "./form.server";

export const meta = () => [{ title: "Nová obec · Odpady obce" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await requirePermission(request, context, "municipality.aAdd");
  const parents = await api.get<{ items: { id: number; name: string }[] }>("/municipality/options");
  return { parents: parents.items };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await requirePermission(request, context, "municipality.aAdd");
  const formData = await request.formData();
  if (formData.get("intent") === "lookup") return lookupCompany(api, formData);
  const outcome = await submitForm(formData, municipalityFormSchema, (value) =>
    api.send<{ id: number }>("POST", "/municipality", value),
  );
  if (!outcome.ok) return outcome.response;
  addFlash(api.session, {
    type: "success",
    text: (await userT(api.session))("municipality:flash.created", "Obec vytvořena."),
  });
  return redirect(`/administration/municipalities/${outcome.data.id}`, {
    headers: { "Set-Cookie": await commit(context, api.session) },
  });
}

export default function CreateMunicipality() {
  const { parents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("municipality:create.title", "Nová obec")}</h1>
      <MunicipalityForm
        lastResult={actionData?.result}
        defaultValue={EMPTY_MUNICIPALITY}
        parents={parents}
        submitLabel={t("municipality:create.submit", "Vytvořit obec")}
        cancelTo="/administration/municipalities"
      />
    </div>
  );
}
