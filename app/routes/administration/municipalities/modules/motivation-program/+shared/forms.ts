/**
 * The edit page's forms, one a sub-tab (spec 000 §2): each posts `intent=save` with the programme's version and its
 * own section of PUT …/motivation-programme/{type}, validated by the contract's schemas in the browser and the action.
 */
import { z } from "zod";
import { versionField } from "#contract/common";
import {
  intervalsFormSchema,
  italianWeightParameters,
  orderedDisposeSchema,
  payAsDisposedParameters,
  sortRatioParameters,
  type MotivationProgrammeType,
  type ProgrammeAnswer,
  type ProgrammeTab,
} from "#contract/motivation-programme";

/** A section whose every field is empty (unticked boxes, empty inputs) is not in the form data at all. */
const section = <S extends z.ZodType>(schema: S) => z.preprocess((v) => v ?? {}, schema);

export function tabFormSchema(type: MotivationProgrammeType, tab: ProgrammeTab) {
  if (tab === "MotivationProgramType" && type !== "PayAsDisposed") return intervalsFormSchema(type);
  if (type === "PayAsDisposed") {
    return tab === "UseOrderedDisposeCount"
      ? z.object({ version: versionField, orderedDispose: section(orderedDisposeSchema) })
      : z.object({ version: versionField, parameters: section(payAsDisposedParameters) });
  }
  return z.object({
    version: versionField,
    parameters: section(type === "SortRatio" ? sortRatioParameters : italianWeightParameters),
  });
}

/** The form's starting values from the programme as stored (or its defaults). */
export function tabDefaults(p: ProgrammeAnswer, tab: ProgrammeTab) {
  const text = (v: string | number | null) => (v === null ? "" : String(v));
  const flag = (v: boolean) => (v ? "on" : "");
  if (tab === "MotivationProgramType") {
    return {
      version: p.version,
      intervals: p.intervals.map((i) => ({
        from: trimZeros(i.from),
        to: i.to === null ? "" : trimZeros(i.to),
        discountPercent: trimZeros(i.discountPercent),
      })),
    };
  }
  if (tab === "UseOrderedDisposeCount") {
    return {
      version: p.version,
      orderedDispose: {
        useBinVolume: flag(p.useBinVolume),
        useOrderedDisposeCount: flag(p.useOrderedDisposeCount),
        orderedDisposeCount: text(p.orderedDisposeCount),
      },
    };
  }
  if (p.type === "PayAsDisposed") {
    return {
      version: p.version,
      parameters: {
        unit: p.unit,
        feePerUnit: p.feePerUnit === null ? "" : trimZeros(p.feePerUnit),
        minimalUnitPerPeriod: p.minimalUnitPerPeriod === null ? "" : trimZeros(p.minimalUnitPerPeriod),
        useYearAsPeriod: flag(p.useYearAsPeriod),
      },
    };
  }
  return { version: p.version, parameters: { discountDistribution: p.discountDistribution, whyNot: p.whyNot ?? "" } };
}

/** '20.000' → '20', '12.500' → '12.5': the stored scale is not what a person typed. */
export const trimZeros = (v: string) => (v.includes(".") ? v.replace(/\.?0+$/, "") : v);

/** The sub-tab named by ?tab=, if the programme has it; otherwise its first. */
export function tabOf(asked: string | null, tabs: readonly ProgrammeTab[]): ProgrammeTab {
  return tabs.find((t) => t === asked) ?? "Parameters";
}
