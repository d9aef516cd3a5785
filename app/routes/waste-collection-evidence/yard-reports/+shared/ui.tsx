/** Pieces of the yard-visit screens: paths, the payer picker's intent and its search schema. */
import { z } from "zod";

export const YARD_REPORTS_PATH = "/waste-collection-evidence/yard-reports";
export const protocolPath = (id: number, layout?: string) =>
  `${YARD_REPORTS_PATH}/${id}/protocol.pdf${layout ? `?layout=${layout}` : ""}`;

/** The create form's 'Hledat' of the payer picker posts the whole form with this intent (decision 0011). */
export const PAYER_SEARCH = "payerSearch";
/** The search checks nothing: the form keeps every value and only the payer options change. */
export const payerSearchSchema = z.object({ payerSearch: z.string().optional() });

export type PayerOption = { id: number; name: string };
export type WasteOption = { value: string; label: string };
