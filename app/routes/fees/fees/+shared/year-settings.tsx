/**
 * The year's fee settings on Fees → Fees (spec 001 §2: 'a base fee edit modal and a recalculate popup'; §3 Base fee
 * settings): the base fee with its minimum and maximum, the edit dialog, the recalculation and what the last one did.
 * While a recalculation is queued or running, the page shows the last complete result and says so (issue 14 part 1),
 * refreshing itself until it ends.
 */
import { useTranslation } from "~/i18n/use-translation";
import { baseFeeSettingBody, type CalculationItem } from "#contract/fee-calculation";
import type { z } from "zod";
import { formatDateTime } from "#contract/calendar";
import { ConformDialog } from "~/components/form-dialog";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DetailFact } from "~/components/detail-row";
import { InputField } from "~/components/field";
import { LiveJob } from "~/components/import/job";
import { Money } from "~/components/money";
import { SectionCard } from "~/components/section-card";
import { Alert } from "~/components/ui/alert";
import { useActionAnswer } from "~/lib/action-answer";
import { useDialogForm } from "~/lib/use-schema-form";
import { useMessage } from "~/lib/messages";
import { SimulateButton, SimulationPanel } from "../../+shared/simulation";
import type { LoadedSimulation } from "../../+shared/simulation.server";

type BaseFeeSetting = {
  id: number;
  version: number;
  year: number;
  baseFee: string;
  minFeePercent: string;
  maxFeePercent: string | null;
};
type BaseFeeShape = Pick<z.input<typeof baseFeeSettingBody>, "baseFee" | "minFeePercent" | "maxFeePercent">;

export type YearSettings = {
  year: number;
  setting: BaseFeeSetting | null;
  pending: CalculationItem | null;
  lastDone: CalculationItem | null;
  /** The last finished calculation when it failed (newer than lastDone): its reason is shown. */
  lastFailed: CalculationItem | null;
  /** The base fee dialog's simulation named by the URL: its proposal fills the dialog, its result is shown there. */
  simulation?: LoadedSimulation | null;
};

const percentText = (v: string | null) => (v === null ? null : `${v.replace(/\.?0+$/, "").replace(".", ",")} %`);

function BaseFeeDialog({ year, setting, simulation }: Pick<YearSettings, "year" | "setting" | "simulation">) {
  const { t } = useTranslation();
  const lastResult = useActionAnswer("saveBaseFee")?.result;
  const proposal = simulation?.parameters;
  const [form, fields] = useDialogForm<BaseFeeShape>(baseFeeSettingBody, "base-fee", lastResult, {
    baseFee: proposal?.baseFee ?? setting?.baseFee ?? "",
    minFeePercent: proposal?.minFeePercent ?? setting?.minFeePercent ?? "0",
    maxFeePercent: (proposal ? proposal.maxFeePercent : setting?.maxFeePercent) ?? "",
  });
  return (
    <ConformDialog
      form={form}
      intent="saveBaseFee"
      fields={{ year, version: setting?.version ?? 0 }}
      lastResult={lastResult}
      label={setting ? t("fee:baseFee.edit") : t("fee:baseFee.set")}
      title={t("fee:baseFee.title", { year })}
      description={t("fee:baseFee.description")}
      size="md"
    >
      {/* Enter in a field saves, as before: the first submit button of the form (Simulovat comes later). */}
      <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true" />
      <InputField meta={fields.baseFee} inputMode="decimal" label={t("fee:baseFee.baseFee")} />
      <InputField meta={fields.minFeePercent} inputMode="decimal" label={t("fee:baseFee.minFeePercent")} />
      <InputField
        meta={fields.maxFeePercent}
        inputMode="decimal"
        label={t("fee:baseFee.maxFeePercent")}
        description={t("fee:baseFee.maxHint")}
      />
      {proposal && <p className="text-xs text-slate-600">{t("simulation:proposalShown")}</p>}
      <SimulationPanel bare simulation={simulation?.view ?? null} year={year} action={<SimulateButton />} />
    </ConformDialog>
  );
}

/** What a calculation did or does now: queued, running with progress, failed with its reason, done with its sum. */
function CalculationState({ pending, lastDone, lastFailed }: Omit<YearSettings, "year" | "setting">) {
  const { t, i18n } = useTranslation();
  const shown = useMessage();
  const when = (v: string | null) => (v ? formatDateTime(v, i18n.language) : "");
  return (
    <div className="space-y-2" aria-live="polite">
      {pending && (
        <Alert tone="info">
          {t(pending.state === "Running" ? "fee:calculation.running" : "fee:calculation.queued", {
            progress: pending.progress,
          })}{" "}
          {lastDone ? t("fee:calculation.showingLast", { when: when(lastDone.finishedAt) }) : null}
        </Alert>
      )}
      <LiveJob running={Boolean(pending)} />
      {lastFailed && (
        <Alert tone="error">{t("fee:calculation.failed", { error: shown(lastFailed.error ?? "") })}</Alert>
      )}
      {lastDone && (
        <p className="text-sm text-slate-600">
          {t("fee:calculation.done", { when: when(lastDone.finishedAt), count: lastDone.payerCount ?? 0 })}
        </p>
      )}
    </div>
  );
}

/** The year's card: base fee, minimum and maximum, with the edit and recalculate actions for who may edit fees. */
export function YearSettingsCard({ settings, canEdit }: { settings: YearSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const { year, setting } = settings;
  return (
    <SectionCard
      title={t("fee:baseFee.cardTitle", { year })}
      titleId="fee-year-title"
      contentClassName="space-y-3"
      actions={
        canEdit && (
          <div className="flex flex-wrap gap-2">
            <BaseFeeDialog year={year} setting={setting} simulation={settings.simulation} />
            {setting && (
              <ConfirmDialog
                name="recalculate"
                intent="recalculate"
                fields={{ year }}
                tone="primary"
                label={t("fee:calculation.recalculate")}
                triggerVariant="secondary"
                title={t("fee:calculation.confirmTitle", { year })}
                message={t("fee:calculation.confirmMessage", { year })}
              />
            )}
          </div>
        )
      }
    >
      {setting ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <DetailFact label={t("fee:baseFee.baseFee")}>
            <Money value={setting.baseFee} />
          </DetailFact>
          <DetailFact label={t("fee:baseFee.minFeePercent")}>{percentText(setting.minFeePercent)}</DetailFact>
          <DetailFact label={t("fee:baseFee.maxFeePercent")}>
            {percentText(setting.maxFeePercent) ?? t("fee:baseFee.noMax")}
          </DetailFact>
        </dl>
      ) : (
        <p className="text-sm text-slate-600">{t("fee:baseFee.notSet", { year })}</p>
      )}
      <CalculationState pending={settings.pending} lastDone={settings.lastDone} lastFailed={settings.lastFailed} />
    </SectionCard>
  );
}
