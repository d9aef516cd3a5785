/**
 * Spec 001 §2 'Waste evidence records' create: a record typed by hand. 'Save and add another' stays on the form with
 * the time, the waste (and the collection) kept and the code cleared, for the next bin; an unknown code answers
 * 'Tento kód neexistuje!' under the code (spec 001 §5). A plain form post: works without JavaScript.
 */
import { useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { toPragueLocal } from "#contract/calendar";
import { evidenceCreateSchema } from "#contract/waste-evidence";
import { formAnswer, formId, redirectWithFlash } from "~/server/action.server";
import { submitForm } from "~/server/form.server";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { PageHeader } from "~/components/page-header";
import { pageTitle } from "~/components/page-title";
import { EvidenceForm, type EvidenceFormValues } from "./+shared/form";
import { loadWasteTypes } from "./+shared/evidence.server";
import { EVIDENCES_PATH, evidencePath } from "./+shared/ui";

export const handle = pageTitle("wasteEvidence:create.title");

const CREATE_PATH = `${EVIDENCES_PATH}/create`;
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** ?collectedAt=&wasteTypeId=&wasteCollectionId= start the form (what 'save and add another' keeps). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidence.aAdd");
  const sp = new URL(request.url).searchParams;
  const at = sp.get("collectedAt") ?? "";
  const id = (name: string) => {
    const v = formId(sp.get(name));
    return v ? String(v) : "";
  };
  const defaults: EvidenceFormValues = {
    code: "",
    collectedAt: LOCAL_TIME.test(at) ? at : toPragueLocal(new Date()),
    wasteTypeId: id("wasteTypeId"),
    wasteCollectionId: id("wasteCollectionId"),
    fullness: "100",
    weightKg: "",
    nonconformingStateIds: [],
  };
  return { defaults, wasteTypes: await loadWasteTypes(api, municipalityId) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidence.aAdd");
  const formData = await request.formData();
  const intent = formData.get("intent") === "saveAndAdd" ? "saveAndAdd" : "save";
  const outcome = await submitForm(formData, evidenceCreateSchema, (value) =>
    api.wasteEvidence.create({ municipalityId }, value),
  );
  if (!outcome.ok) return formAnswer(intent, outcome);
  const t = await userT(api.session);
  if (intent === "saveAndAdd") {
    const value = outcome.submission.value;
    const keep = new URLSearchParams({ collectedAt: value.collectedAt });
    if (value.wasteTypeId) keep.set("wasteTypeId", String(value.wasteTypeId));
    if (value.wasteCollectionId) keep.set("wasteCollectionId", String(value.wasteCollectionId));
    return redirectWithFlash(api, context, `${CREATE_PATH}?${keep}`, t("wasteEvidence:flash.createdNext"));
  }
  return redirectWithFlash(api, context, evidencePath(outcome.data.id), t("wasteEvidence:flash.created"));
}

export default function CreateEvidence({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t } = useTranslation();
  // A new form after each 'save and add another' (the code typed before must not stay in the field).
  const location = useLocation();
  return (
    <div className="space-y-4">
      <PageHeader
        back={{ to: EVIDENCES_PATH, label: t("wasteEvidence:list.title") }}
        title={t("wasteEvidence:create.title")}
      />
      <EvidenceForm
        key={location.key}
        mode="create"
        lastResult={answer?.result}
        defaultValue={loaderData.defaults}
        wasteTypes={loaderData.wasteTypes}
        submitLabel={t("wasteEvidence:create.submit")}
        cancelTo={EVIDENCES_PATH}
      />
    </div>
  );
}
