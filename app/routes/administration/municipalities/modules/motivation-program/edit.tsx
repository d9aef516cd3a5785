/**
 * Spec 000 §2 …/motivation-program/{motivational_type}/edit with its sub-tabs (Parameters, MotivationProgramType,
 * UseOrderedDisposeCount) as links (?tab=), spec 001 §3 Motivation programme: each tab's form saves its part with the
 * programme's version ('Program uložen.'; 409 on a stale one keeps what was typed); the Custom distribution's
 * discounts per collection point; SortRatio's 'why not' text (shown when longer than 3 characters, spec 001 §5) and
 * the simulation of the programme as typed (issue 14 part 7); 'Smazat nastavení' (refused while the programme is active).
 */
import { data, Link } from "react-router";
import { z } from "zod";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import { requireId } from "~/lib/route-checks";
import { useCan } from "~/lib/permissions";
import { useMessage } from "~/lib/messages";
import { requirePermission } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { submitForm } from "~/server/form.server";
import {
  afterCall,
  answer,
  apiAnswer,
  formAnswer,
  readIntent,
  redirectWithFlash,
  unknownIntent,
} from "~/server/action.server";
import { pageTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { SectionCard } from "~/components/section-card";
import { Alert } from "~/components/ui/alert";
import { idParam } from "#contract/common";
import {
  customDiscountBody,
  hasIntervals,
  PROGRAMME_TABS,
  showsWhyNot,
  typeOfSlug,
  type ProgrammeTab,
} from "#contract/motivation-programme";
import { DIALOG_PARAM } from "~/components/ui/dialog";
import { programmeEditPath, programmesPath } from "./+shared/paths";
import { tabDefaults, tabFormSchema, tabOf } from "./+shared/forms";
import { ProgrammeTabForm } from "./+shared/tab-forms";
import { CUSTOM_DIALOG, CUSTOM_SEARCH, CustomDiscountsCard } from "./+shared/custom-discounts";
import { SimulateButton, SIMULATE_FIELD, SimulationPanel } from "~/routes/fees/+shared/simulation";
import { programmeSimulation, simulateTab, withProposal } from "./+shared/simulation.server";

export const handle = pageTitle<Route.ComponentProps["loaderData"]>((t, d) =>
  d ? `${t(`motivationProgramme:type.${d.programme.type}`)} · ${d.municipality.name}` : t("motivationProgramme:title"),
);

function typeFrom(slug: string | undefined) {
  const type = typeOfSlug(slug);
  if (!type) throw data({ message: `Page Not Found: ${slug ?? ""}` }, { status: 404 });
  return type;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const type = typeFrom(params.motivationalType);
  const api = await requirePermission(request, context, "motivationProgram.aDetail");
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("tab"), PROGRAMME_TABS[type]);
  const [municipality, list] = await Promise.all([
    api.municipality.detail({ municipalityId }),
    api.motivationProgramme.list({ municipalityId }),
  ]);
  const programme = list.items.find((p) => p.type === type)!;
  // The Custom distribution's discounts, on the Parameters tab of a programme with intervals.
  let custom = null;
  if (hasIntervals(type) && tab === "Parameters") {
    const asked = idParam.safeParse(url.searchParams.get("year"));
    const year = asked.success && list.yearOptions.includes(asked.data) ? asked.data : list.currentYear;
    const permissions = api.session.get("permissions") ?? [];
    const picking = url.searchParams.get(DIALOG_PARAM) === CUSTOM_DIALOG && permissions.includes("subject.aDetail");
    const [discounts, options] = await Promise.all([
      api.motivationProgramme.customDiscounts({ municipalityId, type, year }),
      picking
        ? api.subject.options({ municipalityId, search: url.searchParams.get(CUSTOM_SEARCH) || undefined })
        : null,
    ]);
    custom = { year, items: discounts.items, options: options?.items ?? null };
  }
  // The programme's simulation (fee.aDetail reads it, fee.aEdit runs it): the one the URL names fills the form.
  const permissions = api.session.get("permissions") ?? [];
  const simulation = permissions.includes("fee.aDetail")
    ? await programmeSimulation(api, municipalityId, url, type, list.currentYear)
    : null;
  return {
    municipality: { id: municipality.id, name: municipality.name, country: municipality.country },
    programme,
    tab,
    yearOptions: list.yearOptions,
    currentYear: list.currentYear,
    custom,
    simulation: simulation ? { view: simulation.shown?.view ?? null, canRun: permissions.includes("fee.aEdit") } : null,
    proposal: simulation?.named ? withProposal(programme, simulation.named.parameters) : null,
  };
}

const customFields = customDiscountBody.extend({ subjectId: idParam });

export async function action({ request, context, params }: Route.ActionArgs) {
  const municipalityId = requireId(params.municipalityId, request);
  const type = typeFrom(params.motivationalType);
  const { formData, intent } = await readIntent(request);
  const api = await requirePermission(request, context, "motivationProgram.aEdit");
  const t = await userT(api.session);
  const done = afterCall(api, context, intent);
  const tab = tabOf(new URL(request.url).searchParams.get("tab"), PROGRAMME_TABS[type]);
  const here = programmeEditPath(municipalityId, type, tab);
  const mp = api.motivationProgramme;

  if ((intent === "save" || intent === "") && formData.has(SIMULATE_FIELD))
    return simulateTab({ context, api, t, municipalityId, type, tab, formData, here });
  // The tab's form: its save, or a list intent of the intervals ('Přidat interval', 'Odebrat'; no intent field).
  if (intent === "save" || intent === "") {
    const outcome = await submitForm(formData, tabFormSchema(type, tab), (value) =>
      mp.update({ municipalityId, type }, { type, ...value } as never),
    );
    if (!outcome.ok) return formAnswer("save", outcome);
    return redirectWithFlash(api, context, here, t("motivationProgramme:flash.saved"));
  }
  if (intent === "delete") {
    return done(
      await mp.reset({ municipalityId, type }),
      programmesPath(municipalityId),
      t("motivationProgramme:flash.deleted"),
    );
  }
  if (intent === "setCustomDiscount" || intent === "removeCustomDiscount") {
    const values = Object.fromEntries([...formData].map(([k, v]) => [k, String(v)]));
    const back = `${here}${here.includes("?") ? "&" : "?"}year=${values.year ?? ""}`;
    if (intent === "removeCustomDiscount") {
      const fields = customFields.pick({ subjectId: true, year: true }).safeParse(values);
      if (!fields.success) return unknownIntent(intent, t);
      const { subjectId, year } = fields.data;
      return done(
        await mp.removeCustomDiscount({ municipalityId, type, subjectId, year }),
        back,
        t("motivationProgramme:flash.customRemoved"),
      );
    }
    const parsed = customFields.safeParse(values);
    if (!parsed.success) {
      const errors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
      return answer({ intent, target: "custom", message: t("common:formErrors.title"), errors, values });
    }
    const { subjectId, ...body } = parsed.data;
    const res = await mp.setCustomDiscount({ municipalityId, type, subjectId }, body);
    if (!res.ok) return apiAnswer(intent, res, { target: "custom", values });
    return redirectWithFlash(api, context, back, t("motivationProgramme:flash.customSaved"));
  }
  return unknownIntent(intent, t);
}

function Tabs({
  municipalityId,
  type,
  current,
}: {
  municipalityId: number;
  type: Route.ComponentProps["loaderData"]["programme"]["type"];
  current: ProgrammeTab;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("motivationProgramme:tab.label")} className="flex gap-1 border-b border-slate-200">
      {PROGRAMME_TABS[type].map((tab) => (
        <Link
          key={tab}
          to={programmeEditPath(municipalityId, type, tab)}
          aria-current={tab === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
            tab === current
              ? "border-emerald-700 text-emerald-800"
              : "border-transparent text-slate-600 hover:text-slate-900"
          }`}
        >
          {t(`motivationProgramme:tab.${tab}`)}
        </Link>
      ))}
    </nav>
  );
}

export default function MotivationProgrammeEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { municipality, programme: p, tab, custom, yearOptions, simulation } = loaderData;
  const { t } = useTranslation();
  const shown = useMessage();
  const canEdit = useCan("aEdit", "motivationProgram");
  const name = t(`motivationProgramme:type.${p.type}`);
  const back = programmesPath(municipality.id);
  const deleteFailure = actionData?.intent === "delete" || actionData?.intent === "removeCustomDiscount";
  return (
    <div className="space-y-4">
      <PageHeader
        back={{ to: back, label: t("motivationProgramme:action.back") }}
        title={name}
        subtitle={`${municipality.name} · ${t(`motivationProgramme:description.${p.type}`)}`}
        actions={
          canEdit && p.stored && p.activeYears.length === 0 ? (
            <ConfirmDialog
              name="delete"
              intent="delete"
              open={deleteFailure ? false : undefined}
              ns="motivationProgramme"
              values={{ name }}
            />
          ) : undefined
        }
      />
      {canEdit && p.activeYears.length > 0 && (
        <Alert tone="info">
          {t("motivationProgramme:state.activeIn", { years: p.activeYears.join(", ") })}.{" "}
          {t("motivationProgramme:delete.activeHint")}
        </Alert>
      )}
      {!canEdit && <Alert tone="info">{t("motivationProgramme:readOnly")}</Alert>}
      {deleteFailure && actionData?.message && <Alert tone="error">{shown(actionData.message)}</Alert>}
      <Tabs municipalityId={municipality.id} type={p.type} current={tab} />
      <ProgrammeTabForm
        key={`${tab}-${p.version}`}
        type={p.type}
        tab={tab}
        defaultValue={tabDefaults(loaderData.proposal ?? p, tab)}
        lastResult={actionData?.intent === "save" ? actionData.result : undefined}
        cancelTo={back}
        canEdit={canEdit}
      />
      {simulation && (
        <SimulationPanel
          simulation={simulation.view}
          year={loaderData.currentYear}
          action={
            canEdit &&
            simulation.canRun && (
              <SimulateButton
                form={`programme-${tab}`}
                years={yearOptions}
                year={simulation.view?.year ?? loaderData.currentYear}
              />
            )
          }
        />
      )}
      {p.type === "SortRatio" && tab === "Parameters" && showsWhyNot(p.whyNot) && (
        <SectionCard title={t("motivationProgramme:whyNot.title")} titleId="why-not-title">
          <p className="text-sm whitespace-pre-line text-slate-800">{p.whyNot}</p>
        </SectionCard>
      )}
      {custom && (
        <CustomDiscountsCard
          year={custom.year}
          years={yearOptions}
          items={custom.items}
          options={custom.options}
          canEdit={canEdit}
          active={p.discountDistribution === "Custom"}
        />
      )}
    </div>
  );
}
