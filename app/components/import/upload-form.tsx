/**
 * The upload of an import file: a plain multipart form (works without JavaScript); the action streams the body to
 * the API, which stores the file and answers the queued job at once. `children` go before the file input (a type or
 * a format select: the API reads those fields before the file).
 */
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import { Field, fieldAria } from "~/components/field";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";

export function ImportUploadForm({
  answer,
  children,
}: {
  answer?: { message?: string; errors?: Record<string, string[] | undefined> } | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const shown = useMessage();
  const busy = useNavigation().state === "submitting";
  const fileError = answer?.errors?.file;
  const otherError = answer?.message && !fileError && !Object.keys(answer.errors ?? {}).length;
  return (
    <>
      {otherError && <Alert tone="error">{shown(answer.message!)}</Alert>}
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        {children}
        <Field id="import-file" errors={fileError} label={t("import:upload.file")} required>
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
          {busy ? t("import:upload.running") : t("import:upload.submit")}
        </Button>
      </Form>
    </>
  );
}
