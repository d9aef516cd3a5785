/**
 * Spec 001 §2 'A CSV import page describes the file structure', §5 'Waste card import must be a .csv file; column
 * order plainCode;code;subjectId;feePayerId'. The form posts the file as multipart; the action does not read it:
 * the request body goes on to the API as a stream (ApiClient.upload), which parses it as it arrives, and the user
 * lands on the import's result.
 */
import { Form, redirect } from "react-router";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/import";
import {
  WASTE_CARD_CODE_MAX,
  WASTE_CARD_IMPORT_COLUMNS,
  WASTE_CARD_IMPORT_MAX_BYTES,
  WASTE_CARD_PLAIN_CODE_MAX,
} from "#contract/waste-card";
import { useMessage } from "~/lib/messages";
import { answer, apiAnswer } from "~/server/action.server";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { Field, fieldAria } from "~/components/field";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/page-header";
import { pageTitle } from "~/components/page-title";
import { TD, TR } from "~/components/ui/table";
import { RowsTable } from "~/components/rows-table";
import { IMPORT_PATH, WASTE_CARDS_PATH, YesNo } from "./+shared/ui";
import { useSubmitting } from "~/lib/use-submitting";

export const handle = pageTitle("wasteCard:import.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMunicipality(request, context, "wasteCard.aAdd");
  return { maxMegabytes: WASTE_CARD_IMPORT_MAX_BYTES / 2 ** 20 };
}

/** Streams the upload to POST waste-card/import and shows the job it made. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteCard.aAdd");
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) {
    const message = (await userT(api.session))("wasteCard:import.chooseFile");
    return answer({ intent: "import", message, errors: { file: [message] } });
  }
  const res = await api.upload.wasteCard.import({ municipalityId }, request.body, {
    contentType,
    contentLength: request.headers.get("content-length"),
  });
  if (res.ok) return redirect(`${IMPORT_PATH}/${res.data.id}`);
  // The file's own problem (not CSV, too large) is shown under the file field.
  const file = res.problem.errors?.file ?? (res.status === 413 ? [res.problem.Message] : undefined);
  return apiAnswer("import", res, { errors: file ? { file } : undefined });
}

/** Example rows of the help: a card with subject and payer, one with a subject, a free one. */
const EXAMPLE = [
  "plainCode;code;subjectId;feePayerId",
  "100234;8590000100234;1520;8841",
  "100235;8590000100235;1520;",
  "100236;8590000100236;;",
];

export default function WasteCardImport({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t } = useTranslation();
  const shown = useMessage();
  const busy = useSubmitting() !== null;
  const fileError = answer?.errors?.file;
  const columns: Record<(typeof WASTE_CARD_IMPORT_COLUMNS)[number], { required: boolean; text: string }> = {
    plainCode: {
      required: true,
      text: t("wasteCard:import.colPlainCode", {
        n: WASTE_CARD_PLAIN_CODE_MAX,
      }),
    },
    code: {
      required: true,
      text: t("wasteCard:import.colCode", {
        n: WASTE_CARD_CODE_MAX,
      }),
    },
    subjectId: {
      required: false,
      text: t("wasteCard:import.colSubjectId"),
    },
    feePayerId: {
      required: false,
      text: t("wasteCard:import.colFeePayerId"),
    },
  };

  return (
    <div className="space-y-4">
      <PageHeader
        title={t("wasteCard:import.title")}
        actions={
          <Button to={WASTE_CARDS_PATH} variant="secondary">
            {t("wasteCard:import.back")}
          </Button>
        }
      />

      <SectionCard
        title={t("wasteCard:import.formatTitle")}
        titleId="import-format"
        contentClassName="space-y-3 text-sm"
      >
        <p>{t("wasteCard:import.formatIntro")}</p>
        <RowsTable
          rows={WASTE_CARD_IMPORT_COLUMNS}
          // The format always has its columns.
          empty={null}
          plainHeadRow
          head={[t("wasteCard:import.column"), t("wasteCard:import.required"), t("wasteCard:import.meaning")]}
        >
          {(c, i) => (
            <TR key={c}>
              <TD className="font-mono whitespace-nowrap">
                {i + 1}. {c}
              </TD>
              <TD>
                <YesNo value={columns[c].required} />
              </TD>
              <TD>{columns[c].text}</TD>
            </TR>
          )}
        </RowsTable>
        <div>
          <p className="font-medium">{t("wasteCard:import.example")}</p>
          <pre className="mt-1 overflow-x-auto rounded-md bg-slate-50 p-3 font-mono text-xs ring-1 ring-slate-200">
            {EXAMPLE.join("\n")}
          </pre>
        </div>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t("wasteCard:import.ruleGood")}</li>
          <li>{t("wasteCard:import.ruleSame")}</li>
          <li>{t("wasteCard:import.ruleConflict")}</li>
          <li>{t("wasteCard:import.ruleSize", { n: loaderData.maxMegabytes })}</li>
        </ul>
      </SectionCard>

      <SectionCard title={t("wasteCard:import.uploadTitle")} titleId="import-upload">
        {answer?.message && !fileError && <Alert tone="error">{shown(answer.message)}</Alert>}
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <Field id="import-file" errors={fileError} label={t("wasteCard:import.file")} required>
            <input
              type="file"
              name="file"
              accept=".csv,text/csv"
              required
              className="block text-sm"
              {...fieldAria("import-file", fileError)}
            />
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? t("wasteCard:import.running") : t("wasteCard:import.submit")}
          </Button>
        </Form>
      </SectionCard>
    </div>
  );
}
