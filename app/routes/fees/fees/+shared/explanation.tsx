/**
 * A fee explained line by line (issue 14: 'every fee can be explained'): the fee record of each fee type (spec 001
 * §9) with what it was computed from — months × the yearly base fee, litres or kilograms × the rate, the sort ratio
 * or kilograms per person and the percent it gives — and the final fee. Opened from a row through the URL
 * (?dialog=fee&feeId=…), so it works without JavaScript.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { z } from "zod";
import type { feeExplanation } from "#contract/fee-calculation";
import { Dialog } from "~/components/ui/dialog";
import { useCountry, MoneyCell } from "~/components/money";
import { Table, TBody, TD, TH, THead, TR } from "~/components/ui/table";
import { formatCurrency } from "~/lib/format/money";
import { formatNumber } from "~/lib/format/numbers";

export const FEE_DIALOG = "fee";
type Explanation = z.infer<typeof feeExplanation>;
type Line = Explanation["lines"][number];

/** The notes the engine writes as codes (docs/fees.md); anything else (discount names) is shown as it is. */
const NOTE_KEYS = new Set(["Disposals", "OrderedDisposeCount", "Minimum", "Min", "Max"]);

function Basis({ line }: { line: Line }) {
  const { t } = useTranslation();
  const country = useCountry();
  const number = (v: string) => formatNumber(Number(v), { maxDecimals: 3 });
  const parts: string[] = [];
  if (line.quantity !== null && line.unit === "months") {
    parts.push(t("fee:explain.months", { count: Number(line.quantity) }));
    if (line.rate !== null) parts.push(t("fee:explain.ofYearly", { amount: formatCurrency(line.rate, country) }));
  } else if (line.quantity !== null) {
    parts.push(`${number(line.quantity)} ${t(`fee:explain.unit.${line.unit}`, { defaultValue: line.unit ?? "" })}`);
    if (line.rate !== null) parts.push(`× ${formatCurrency(line.rate, country)}`);
  }
  if (line.percent !== null) parts.push(t("fee:explain.percent", { percent: number(line.percent) }));
  const note = line.note
    ? NOTE_KEYS.has(line.note) || line.note.includes(":")
      ? t(`fee:explain.note.${line.note.replace(":", ".")}`, { defaultValue: line.note })
      : line.note
    : null;
  return (
    <>
      {parts.join(" ")}
      {note && <span className="block text-slate-500">{note}</span>}
    </>
  );
}

export function FeeExplanationDialog({ fee, payerName }: { fee: Explanation | null; payerName: string | null }) {
  const { t } = useTranslation();
  return (
    <Dialog
      name={FEE_DIALOG}
      size="lg"
      title={t("fee:explain.title", { name: payerName ?? "", year: fee?.year ?? "" })}
    >
      {fee ? (
        <Table>
          <caption className="sr-only">{t("fee:explain.caption")}</caption>
          <THead>
            <TR>
              <TH>{t("fee:explain.type")}</TH>
              <TH>{t("fee:explain.basis")}</TH>
              <TH className="text-right">{t("fee:explain.amount")}</TH>
            </TR>
          </THead>
          <TBody>
            {fee.lines.map((line) => (
              <TR key={line.type}>
                <TH scope="row" className="font-normal">
                  {t(`fee:feeType.${line.type}`)}
                </TH>
                <TD className="text-sm">
                  <Basis line={line} />
                </TD>
                <MoneyCell value={line.amount} />
              </TR>
            ))}
            <TR>
              <TH scope="row">{t("fee:field.finalFee")}</TH>
              <TD className="text-sm text-slate-600">{t("fee:explain.final")}</TD>
              <MoneyCell value={fee.finalFee} className="font-semibold" />
            </TR>
          </TBody>
        </Table>
      ) : (
        <p>{t("fee:explain.notFound")}</p>
      )}
    </Dialog>
  );
}
