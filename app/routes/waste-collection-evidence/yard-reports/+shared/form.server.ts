import { parseWithZod } from "@conform-to/zod/v4";
import type { ApiClient } from "~/server/api.server";
import { formId } from "~/server/action.server";
import type { YardOption } from "#contract/yard";
import { payerSearchSchema, type PayerOption, type WasteOption } from "./ui";

/** At most 20 payers matching the search (the picker, decision 0011), plus the chosen one if the search missed it. */
export async function payerOptions(
  api: ApiClient,
  municipalityId: number,
  search: string,
  selected: number | null,
): Promise<PayerOption[]> {
  const { items } = await api.feePayer.options({ municipalityId, search: search.trim() || undefined });
  const options = items.map(({ id, name }) => ({ id, name }));
  if (!selected || options.some((o) => o.id === selected)) return options;
  const res = await api.result.feePayer.detail({ municipalityId, feePayerId: selected });
  return res.ok ? [{ id: selected, name: res.data.name }, ...options] : options;
}

/** The active wastes of every yard; named with their yard when the municipality has more than one. */
export function wasteOptions(yards: YardOption[]): WasteOption[] {
  return yards.flatMap((y) =>
    y.wastes.map((w) => ({ value: String(w.id), label: yards.length > 1 ? `${w.name} – ${y.name}` : w.name })),
  );
}

export type PayerSearchExtra = { payers: PayerOption[]; payerSearch: string };

/** The payer search's answer: the form as typed, with the options the search found. */
export async function payerSearchAnswer(api: ApiClient, municipalityId: number, formData: FormData) {
  const payerSearch = String(formData.get("payerSearch") ?? "");
  const reply = parseWithZod(formData, { schema: payerSearchSchema }).reply();
  const payers = await payerOptions(api, municipalityId, payerSearch, formId(formData.get("feePayerId")));
  return { intent: "payerSearch", result: { ...reply, status: undefined }, payers, payerSearch };
}
