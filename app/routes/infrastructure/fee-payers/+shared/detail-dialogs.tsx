/**
 * The fee-payer detail's dialogs (spec 001 §2): deactivate (date, period end, date of birth) and generate login
 * (e-mail invitation or a PDF letter). Both work without JavaScript: they open through ?dialog=<name> and post
 * plain forms; a failed post re-renders the dialog open with the errors under the fields.
 */
import { useState, type FormEvent } from "react";
import { ConformDialog } from "~/components/form-dialog";
import { useDialogForm } from "~/lib/use-schema-form";
import { Form, useRevalidator, useSubmit } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import { useActionAnswer } from "~/lib/action-answer";
import { deactivateBody, type FeePayerDetail } from "#contract/fee-payer";
import { Field, InputField, fieldAria } from "~/components/field";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogTrigger, closeDialog } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { detailPath } from "./ui";

type DeactivateShape = { activeTo: string; periodEnd: string; dateOfBirth: string };

export function DeactivateDialog({ feePayer, today }: { feePayer: FeePayerDetail; today: string }) {
  const { t } = useTranslation();
  const lastResult = useActionAnswer("deactivate")?.result;
  const [form, fields] = useDialogForm<DeactivateShape>(deactivateBody, "deactivate", lastResult, {
    activeTo: today,
    periodEnd: feePayer.periodEnd ?? "",
    dateOfBirth: feePayer.dateOfBirth ?? "",
  });
  return (
    <ConformDialog
      form={form}
      ns="feePayer"
      intent="deactivate"
      described
      lastResult={lastResult}
      submitVariant="danger"
    >
      <InputField meta={fields.activeTo} type="date" label={t("feePayer:deactivate.activeTo")} />
      <InputField meta={fields.periodEnd} type="date" label={t("feePayer:field.periodEnd")} />
      {feePayer.type === "Resident" && (
        <InputField meta={fields.dateOfBirth} type="date" label={t("feePayer:field.dateOfBirth")} />
      )}
    </ConformDialog>
  );
}

/*
 * The e-mail field and the two submit buttons follow the chosen method by CSS alone (the radios' :checked state,
 * group-has-[…]/login classes written out in full for Tailwind's scanner), so it works without JavaScript.
 */

export function GenerateLoginDialog({ feePayer }: { feePayer: FeePayerDetail }) {
  const { t } = useTranslation();
  // The detail action's answer to a failed e-mail generation.
  const answer = useActionAnswer("generateLogin");
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const [pdfError, setPdfError] = useState<string | null>(null);
  const shown = useMessage();
  const [busy, setBusy] = useState(false);
  const formId = "generate-login";
  const emailId = `${formId}-email`;
  const emailErrors = answer?.errors?.email;
  const letterUrl = `${detailPath(feePayer.id)}/login-letter.pdf`;

  /**
   * With JavaScript: the e-mail goes through the router (flash and redirect); the PDF is fetched and saved as a
   * download, then the page reloads its data (the login now exists). Without JavaScript both are plain posts.
   */
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    event.preventDefault();
    setPdfError(null);
    if (submitter?.value !== "pdf") {
      void submit(submitter ?? event.currentTarget);
      return;
    }
    setBusy(true);
    try {
      const body = new FormData(event.currentTarget, submitter);
      body.set("respond", "json");
      const res = await fetch(letterUrl, { method: "POST", body });
      if (!res.ok || !(res.headers.get("Content-Type") ?? "").includes("application/pdf")) {
        const problem: { message?: string } | null = await res.json().catch(() => null);
        setPdfError(problem?.message ?? t("feePayer:login.pdfFailed"));
        return;
      }
      const name = /filename="?([^";]+)"?/.exec(res.headers.get("Content-Disposition") ?? "")?.[1];
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = name ?? `prihlaseni-${feePayer.id}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      closeDialog("login");
      void revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  const error = pdfError ?? (answer?.message && !emailErrors ? answer.message : null);
  return (
    <>
      <DialogTrigger name="login" variant="secondary">
        {feePayer.login ? t("feePayer:action.generateLoginAgain") : t("feePayer:action.generateLogin")}
      </DialogTrigger>
      <Dialog
        name="login"
        size="sm"
        className="group/login"
        title={t("feePayer:login.title")}
        description={t("feePayer:login.description")}
        footer={
          <>
            <DialogClose variant="secondary">{t("common:cancel")}</DialogClose>
            <Button
              type="submit"
              form={formId}
              name="intent"
              value="generateLogin"
              className="group-has-[[data-login-method=pdf]:checked]/login:hidden"
            >
              {t("feePayer:login.sendEmail")}
            </Button>
            <Button
              type="submit"
              form={formId}
              name="method"
              value="pdf"
              formAction={letterUrl}
              disabled={busy}
              className="hidden group-has-[[data-login-method=pdf]:checked]/login:inline-flex"
            >
              {t("feePayer:login.downloadPdf")}
            </Button>
          </>
        }
      >
        {/* A document form: the PDF answer must reach the browser as a download, never the router. */}
        <Form method="post" id={formId} reloadDocument onSubmit={onSubmit} className="space-y-3">
          {(emailErrors || answer?.message) && <span hidden data-keep-dialog-open />}
          {error && <Alert tone="error">{shown(error)}</Alert>}
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">{t("feePayer:login.method")}</legend>
            <MethodRadio value="email" defaultChecked label={t("feePayer:login.methodEmail")} />
            <MethodRadio value="pdf" label={t("feePayer:login.methodPdf")} />
          </fieldset>
          <Field
            id={emailId}
            errors={emailErrors}
            label={t("feePayer:field.email")}
            className="group-has-[[data-login-method=pdf]:checked]/login:hidden"
            description={feePayer.email ? undefined : t("feePayer:login.emailStored")}
          >
            <Input
              {...fieldAria(emailId, emailErrors, !feePayer.email)}
              name="email"
              type="email"
              autoComplete="off"
              defaultValue={feePayer.email ?? ""}
            />
          </Field>
        </Form>
      </Dialog>
    </>
  );
}

function MethodRadio({ value, label, defaultChecked }: { value: string; label: string; defaultChecked?: boolean }) {
  const id = `login-method-${value}`;
  return (
    <div className="flex items-center gap-2">
      <input
        type="radio"
        id={id}
        name="method"
        value={value}
        defaultChecked={defaultChecked}
        data-login-method={value}
        className="size-4 accent-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600"
      />
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  );
}
