/**
 * Spec 000 §2 …/modules/motivation-program, spec 001 §2 Motivation programmes: the three programmes of a municipality
 * as cards with their key parameters and active years; edit, activate for a year (one programme a year; the year's
 * fees are recalculated) and deactivate. Every change is a plain POST with an `intent`, so the page works without
 * JavaScript (dialogs open via ?dialog=).
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/overview";
import { requireId } from "~/lib/route-checks";
import { useCan } from "~/lib/permissions";
import { useMessage } from "~/lib/messages";
import { requirePermission } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { answer, apiAnswer, readIntent, redirectWithFlash, unknownIntent } from "~/server/action.server";
import { pageTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import {
  ACTIVATION_YEAR_MESSAGE,
  MOTIVATION_PROGRAMME_TYPES,
  type MotivationProgrammeType,
} from "#contract/motivation-programme";
import { yearField } from "#contract/common";
import { ProgrammeCard } from "./+shared/programme-card";
import { programmeEditPath, programmesPath } from "./+shared/paths";
import { SIMULATE_FIELD } from "~/routes/fees/+shared/simulation";
import { simulateProgramme, withSimulation } from "./+shared/simulation.server";

export const handle = pageTitle<Route.ComponentProps["loaderData"]>((t, d) =>
  d ? `${t("motivationProgramme:title")} · ${d.municipality.name}` : t("motivationProgramme:title"),
);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const api = await requirePermission(request, context, "motivationProgram.aDetail");
  const [municipality, programmes] = await Promise.all([
    api.municipality.detail({ municipalityId }),
    api.motivationProgramme.list({ municipalityId }),
  ]);
  const moduleOn = municipality.modules.some((m) => m.module === "MotivationPrograms" && m.enabled);
  return { municipality: { id: municipality.id, name: municipality.name }, moduleOn, ...programmes };
}

const typeOf = (v: FormDataEntryValue | null) =>
  MOTIVATION_PROGRAMME_TYPES.find((t) => t === v) as MotivationProgrammeType | undefined;

/** Activate or deactivate a programme for a year; the refusal (another programme that year…) stays with its card. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const { formData, intent } = await readIntent(request);
  const api = await requirePermission(request, context, "motivationProgram.aEdit");
  const t = await userT(api.session);
  const type = typeOf(formData.get("type"));
  if ((intent !== "activate" && intent !== "deactivate") || !type) return unknownIntent(intent, t);
  const year = yearField.safeParse(formData.get("year"));
  if (!year.success) return answer({ intent, target: type, message: ACTIVATION_YEAR_MESSAGE });
  // 'Simulovat' in the activation dialog: the programme as stored, for the chosen year, shown on its edit page.
  if (intent === "activate" && formData.has(SIMULATE_FIELD)) {
    const { items } = await api.motivationProgramme.list({ municipalityId });
    const res = await simulateProgramme(
      api,
      municipalityId,
      year.data,
      items.find((p) => p.type === type)!,
    );
    if (!res.ok) return apiAnswer(intent, res, { target: type, values: { year: String(year.data) } });
    const to = withSimulation(programmeEditPath(municipalityId, type), res.data.id);
    return redirectWithFlash(api, context, to, t("simulation:queuedFlash"));
  }
  const call = intent === "activate" ? api.motivationProgramme.activate : api.motivationProgramme.deactivate;
  const res = await call({ municipalityId, type }, { year: year.data });
  if (!res.ok) return apiAnswer(intent, res, { target: type, values: { year: String(year.data) } });
  return redirectWithFlash(
    api,
    context,
    programmesPath(municipalityId),
    t(intent === "activate" ? "motivationProgramme:flash.activated" : "motivationProgramme:flash.deactivated"),
  );
}

export default function MotivationProgrammesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { municipality, items, yearOptions, moduleOn } = loaderData;
  const { t } = useTranslation();
  const shown = useMessage();
  const canEdit = useCan("aEdit", "motivationProgram");
  // A failed deactivation is shown above the cards; a failed activation stays in its dialog.
  const pageFailure = actionData?.message && actionData.intent !== "activate" ? actionData : undefined;
  return (
    <div className="space-y-4">
      <PageHeader
        back={{ to: `/administration/municipalities/${municipality.id}`, label: municipality.name }}
        title={t("motivationProgramme:title")}
        subtitle={t("motivationProgramme:intro", { name: municipality.name })}
      />
      {!moduleOn && <Alert tone="info">{t("motivationProgramme:moduleOff")}</Alert>}
      {pageFailure && <Alert tone="error">{shown(pageFailure.message)}</Alert>}
      <div className="grid gap-4 lg:grid-cols-3">
        {items.map((p) => (
          <ProgrammeCard
            key={p.type}
            municipalityId={municipality.id}
            programme={p}
            yearOptions={yearOptions}
            canEdit={canEdit}
          />
        ))}
      </div>
    </div>
  );
}
