import { redirect, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import type { MunicipalityDetail } from "#contract/municipality";
import { requirePermission } from "~/server/guard.server";
import { submitForm } from "~/server/form.server";
import { addFlash, commit } from "~/server/session.server";
import { userT } from "~/server/i18n.server";
import { requireId } from "~/lib/route-checks";
import { municipalityUpdateSchema } from "#contract/municipality";
import { MunicipalityForm, toFormValues } from "./form";
import { lookupCompany } from "./form.server";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.municipality.name ?? "Obec"} · úprava` }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "municipality.aEdit");
  const [municipality, options] = await Promise.all([
    api.get<MunicipalityDetail>(`/municipality/${id}`),
    api.get<{ items: { id: number; name: string }[] }>("/municipality/options"),
  ]);
  return { municipality, parents: options.items.filter((o) => o.id !== id) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "municipality.aEdit");
  const formData = await request.formData();
  if (formData.get("intent") === "lookup") return lookupCompany(api, formData);
  const outcome = await submitForm(formData, municipalityUpdateSchema, (value) =>
    api.send("PUT", `/municipality/${id}`, value),
  );
  if (!outcome.ok) return outcome.response;
  addFlash(api.session, {
    type: "success",
    text: (await userT(api.session))("municipality:flash.saved", "Změny uloženy."),
  });
  return redirect(`/administration/municipalities/${id}`, {
    headers: { "Set-Cookie": await commit(context, api.session) },
  });
}

export default function EditMunicipality() {
  const { municipality, parents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">
        {t("municipality:edit.title", "Úprava obce")}: {municipality.name}
      </h1>
      <MunicipalityForm
        lastResult={actionData?.result}
        defaultValue={toFormValues(municipality)}
        parents={parents}
        submitLabel={t("common:save", "Uložit")}
        cancelTo={`/administration/municipalities/${municipality.id}`}
      />
    </div>
  );
}
