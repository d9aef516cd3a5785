import { Form, Link, data, redirect, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/detail";
import { deactivateBody, type FeePayerDetail, type FeePayerHistoryRow } from "#contract/fee-payer";
import { formatCurrency, formatPhone, formatZip } from "~/lib/format";
import { formatDate, formatDateTime, toIsoDate } from "#contract/calendar";
import { useCan } from "~/lib/permissions";
import { requireId } from "~/lib/route-checks";
import { toConformErrors } from "~/server/form.server";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { addFlash, commit } from "~/server/session.server";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { TBody, TD, TH, THead, TR, Table } from "~/components/ui/table";
import { DeactivateDialog, GenerateLoginDialog } from "./detail-dialogs";
import {
  AgeGroupBadge,
  LIST_PATH,
  LoginBadge,
  RegisteredBadge,
  StateBadge,
  TypeLabel,
  detailPath,
  feePayerApi,
  useCountry,
} from "./shared";
import { DetailRow } from "~/components/detail-row";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.feePayer.name ?? "Poplatník"} · Odpady obce` }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.feePayerId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aDetail");
  const [feePayer, history] = await Promise.all([
    api.get<FeePayerDetail>(feePayerApi(municipalityId, id)),
    api.get<{ items: FeePayerHistoryRow[] }>(feePayerApi(municipalityId, id, "/history")),
  ]);
  return { feePayer, history: history.items, today: toIsoDate(new Date()) };
}

type ActionAnswer = {
  intent: string;
  message?: string;
  errors?: Record<string, string[]>;
  /** Conform's reply of the deactivate dialog. */
  result?: SubmissionResult<string[]>;
};

/** Every action of the detail, told apart by `intent`; each one a plain form post that works without JavaScript. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = requireId(params.feePayerId, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { api, municipalityId } = await requireMunicipality(
    request,
    context,
    intent === "delete" ? "feePayer.aRemove" : "feePayer.aEdit",
  );
  const t = await userT(api.session);
  const done = async (text: string, to = detailPath(id)) => {
    addFlash(api.session, { type: "success", text });
    return redirect(to, { headers: { "Set-Cookie": await commit(context, api.session) } });
  };
  const fail = (res: { status: number; problem: { Message: string; errors?: Record<string, string[]> } }) =>
    data<ActionAnswer>({ intent, message: res.problem.Message, errors: res.problem.errors }, { status: res.status });

  switch (intent) {
    case "register": {
      const res = await api.send("PATCH", feePayerApi(municipalityId, undefined, "/register"), {
        feePayerIds: [id],
        registered: true,
      });
      return res.ok ? done(t("feePayer:flash.registered", "Poplatník zaregistrován.")) : fail(res);
    }
    case "deactivate": {
      const submission = parseWithZod(formData, { schema: deactivateBody });
      if (submission.status !== "success") {
        return data<ActionAnswer>({ intent, result: submission.reply() }, { status: 422 });
      }
      const res = await api.send("POST", feePayerApi(municipalityId, id, "/deactivate"), submission.value);
      if (res.ok) return done(t("feePayer:flash.deactivated", "Poplatník deaktivován."));
      const result = submission.reply({
        fieldErrors: res.status === 422 ? toConformErrors(res.problem.errors) : undefined,
        formErrors: [res.problem.Message],
      });
      return data<ActionAnswer>({ intent, result }, { status: res.status });
    }
    case "activate": {
      const res = await api.send("POST", feePayerApi(municipalityId, id, "/activate"));
      return res.ok ? done(t("feePayer:flash.activated", "Poplatník aktivován.")) : fail(res);
    }
    case "generateLogin": {
      // The PDF letter is a download from the resource route login-letter.pdf; this is the e-mail invitation.
      const email = String(formData.get("email") ?? "");
      const res = await api.send<{ sentTo: string }>("POST", feePayerApi(municipalityId, id, "/generate-login"), {
        method: "email",
        email,
      });
      if (!res.ok) return fail(res);
      return done(
        t("feePayer:flash.loginSent", "Přihlašovací údaje odeslány na e-mail {{email}}.", { email: res.data.sentTo }),
      );
    }
    case "delete": {
      const res = await api.send("DELETE", feePayerApi(municipalityId, id));
      return res.ok ? done(t("feePayer:flash.deleted", "Poplatník smazán."), LIST_PATH) : fail(res);
    }
    default:
      return data<ActionAnswer>({ intent, message: t("feePayer:unknownAction", "Neznámá akce.") }, { status: 400 });
  }
}

export default function FeePayerDetailPage() {
  const { feePayer: p, history, today } = useLoaderData<typeof loader>();
  const shown = useMessage();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const { t, i18n } = useTranslation();
  const country = useCountry();
  const canEdit = useCan("aEdit", "feePayer");
  const canRemove = useCan("aRemove", "feePayer");
  const date = (v: string | null) => (v ? formatDate(v, i18n.language) : null);
  const money = (v: string | null) => (v === null ? null : formatCurrency(v, country));
  // Deactivated: the last active day has passed. A payer not yet active (a future start) can still be deactivated.
  const deactivated = Boolean(p.activeTo && p.activeTo < today);
  const loginAnswer = answer?.intent === "generateLogin" ? answer : undefined;
  // Failures of the other intents (409 of delete, …) are shown above the sections.
  const alert = answer?.message && !["generateLogin", "deactivate"].includes(answer.intent) ? answer.message : null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-slate-600">
            <Link className="text-emerald-800 hover:underline" to={LIST_PATH}>
              {t("feePayer:list.title", "Poplatníci")}
            </Link>
          </p>
          <h1 className="text-2xl font-semibold">{p.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <TypeLabel type={p.type} />
            <StateBadge active={p.active} />
            <RegisteredBadge registered={p.registered} />
            <LoginBadge hasLogin={Boolean(p.login)} />
            {p.login && <span>{p.login.userName}</span>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canEdit && (
            <Button to={`${detailPath(p.id)}/edit`} variant="primary">
              {t("common:edit", "Upravit")}
            </Button>
          )}
          {canEdit && !p.registered && (
            <Form method="post">
              <input type="hidden" name="intent" value="register" />
              <Button type="submit" variant="secondary">
                {t("feePayer:action.register", "Zaregistrovat")}
              </Button>
            </Form>
          )}
          {canEdit &&
            (!deactivated ? (
              <DeactivateDialog
                feePayer={p}
                today={today}
                lastResult={answer?.intent === "deactivate" ? answer.result : undefined}
              />
            ) : (
              <ConfirmDialog
                name="activate"
                intent="activate"
                // After a failed post (no JavaScript: the URL still names the dialog) the alert is shown instead.
                open={answer?.intent === "activate" ? false : undefined}
                tone="primary"
                trigger={t("feePayer:action.activate", "Aktivovat")}
                title={t("feePayer:activate.title", "Aktivovat poplatníka?")}
                message={t(
                  "feePayer:activate.message",
                  "Poplatník bude znovu aktivní bez data konce; do odběrných míst ho případně přidejte znovu.",
                )}
                confirmLabel={t("feePayer:action.activate", "Aktivovat")}
              />
            ))}
          {canEdit && <GenerateLoginDialog feePayer={p} answer={loginAnswer} />}
          {canRemove && (
            <ConfirmDialog
              name="delete"
              intent="delete"
              open={answer?.intent === "delete" ? false : undefined}
              trigger={t("feePayer:action.delete", "Smazat")}
              title={t("feePayer:delete.title", "Smazat poplatníka?")}
              message={t(
                "feePayer:delete.message",
                "Poplatník {{name}} bude odstraněn i se svou historií v odběrných místech. Poplatníka s předpisy poplatků smazat nelze.",
                { name: p.name },
              )}
              confirmLabel={t("feePayer:action.delete", "Smazat")}
            />
          )}
        </div>
      </div>

      {alert && <Alert tone="error">{shown(alert)}</Alert>}

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("feePayer:section.personal", "Osobní údaje")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y divide-slate-100">
              {p.type === "Resident" ? (
                <>
                  <DetailRow label={t("feePayer:field.titleBefore", "Titul před")} value={p.titleBefore} />
                  <DetailRow label={t("feePayer:field.firstName", "Jméno")} value={p.firstName} />
                  <DetailRow label={t("feePayer:field.lastName", "Příjmení")} value={p.lastName} />
                  <DetailRow label={t("feePayer:field.titleAfter", "Titul za")} value={p.titleAfter} />
                  <DetailRow
                    label={t("feePayer:field.gender", "Pohlaví")}
                    value={p.gender ? t(`feePayer:gender.${p.gender}`, p.gender) : null}
                  />
                  <DetailRow label={t("feePayer:field.dateOfBirth", "Datum narození")} value={date(p.dateOfBirth)} />
                </>
              ) : (
                <>
                  <DetailRow label={t("feePayer:field.companyName", "Název firmy")} value={p.companyName} />
                  <DetailRow label={t("feePayer:field.identificationNumber", "IČO")} value={p.identificationNumber} />
                  <DetailRow label={t("feePayer:field.vatNumber", "DIČ")} value={p.vatNumber} />
                </>
              )}
              <DetailRow label={t("feePayer:field.phone", "Telefon")} value={p.phone ? formatPhone(p.phone) : null} />
              <DetailRow
                label={t("feePayer:field.email", "E-mail")}
                value={
                  p.email ? (
                    <a className="text-emerald-800 underline" href={`mailto:${p.email}`}>
                      {p.email}
                    </a>
                  ) : null
                }
              />
              <DetailRow label={t("feePayer:field.variableSymbol", "Variabilní symbol")} value={p.variableSymbol} />
              <DetailRow
                label={t("feePayer:detail.paymentAddress", "Adresa pro platební výměr")}
                value={[p.streetAddress, [formatZip(p.zipCode), p.city].filter(Boolean).join(" ")]
                  .filter(Boolean)
                  .join(", ")}
              />
              <DetailRow label={t("feePayer:field.note", "Poznámka")} value={p.note} />
            </dl>
          </CardContent>
        </Card>

        <div className="space-y-4">
          <Card>
            <CardHeader>
              <CardTitle>{t("feePayer:section.activity", "Platnost a registrace")}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="divide-y divide-slate-100">
                <DetailRow label={t("feePayer:field.activeFrom", "Aktivní od")} value={date(p.activeFrom)} />
                <DetailRow label={t("feePayer:field.activeTo", "Aktivní do")} value={date(p.activeTo)} />
                <DetailRow label={t("feePayer:field.periodEnd", "Konec období")} value={date(p.periodEnd)} />
                <DetailRow
                  label={t("feePayer:detail.activeChangedAt", "Aktivita změněna")}
                  value={p.activeChangedAt ? formatDateTime(p.activeChangedAt, i18n.language) : null}
                />
                <DetailRow
                  label={t("feePayer:detail.registeredAt", "Zaregistrován")}
                  value={p.registeredAt ? formatDateTime(p.registeredAt, i18n.language) : null}
                />
              </dl>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t("feePayer:section.fees", "Poplatky")}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="divide-y divide-slate-100">
                <DetailRow label={t("feePayer:field.finalFee", "Výsledný poplatek")} value={money(p.finalFee)} />
                <DetailRow
                  label={t("feePayer:detail.feeRecordCount", "Počet předpisů poplatku")}
                  value={String(p.feeRecordCount)}
                />
              </dl>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t("feePayer:section.discounts", "Slevy")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3 text-sm">
              <div>
                <h3 className="mb-1 font-medium text-slate-700">{t("feePayer:discounts.fixed", "Pevné slevy")}</h3>
                {p.discounts.length === 0 ? (
                  <p className="text-slate-600">{t("feePayer:discounts.none", "Žádné.")}</p>
                ) : (
                  <div className="flex flex-wrap gap-1">
                    {p.discounts.map((d) => (
                      <Badge key={d.id} tone="amber">
                        {d.name}
                      </Badge>
                    ))}
                  </div>
                )}
              </div>
              <div>
                <h3 className="mb-1 font-medium text-slate-700">
                  {t("feePayer:discounts.automatic", "Automatická věková skupina")}
                </h3>
                {p.ageGroup ? (
                  <div className="flex flex-wrap gap-1">
                    <AgeGroupBadge group={p.ageGroup} />
                    {p.ageDiscounts.map((d) => (
                      <Badge key={d.id} tone="blue">
                        {d.name}
                      </Badge>
                    ))}
                  </div>
                ) : (
                  <p className="text-slate-600">
                    {t("feePayer:discounts.noBirthDate", "Bez data narození se věková sleva neuplatní.")}
                  </p>
                )}
              </div>
            </CardContent>
          </Card>
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t("feePayer:section.addresses", "Adresy")}</CardTitle>
        </CardHeader>
        <CardContent>
          {p.addresses.length === 0 ? (
            <p className="text-sm text-slate-600">{t("feePayer:addresses.empty", "Zatím bez dalších adres.")}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {p.addresses.map((a) => (
                <li key={a.id}>
                  <span className="font-medium">{t(`feePayer:addressType.${a.type}`, a.type)}</span>:{" "}
                  {[
                    [a.street, [a.conscriptionNumber, a.streetNumber].filter(Boolean).join("/")]
                      .filter(Boolean)
                      .join(" "),
                    [formatZip(a.zipCode), a.city].filter(Boolean).join(" "),
                  ]
                    .filter(Boolean)
                    .join(", ") || "–"}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("feePayer:section.history", "Historie v odběrných místech")}</CardTitle>
        </CardHeader>
        <CardContent className="p-0">
          {history.length === 0 ? (
            <p className="px-4 py-4 text-sm text-slate-600">
              {t("feePayer:history.empty", "Poplatník zatím nepatří k žádnému odběrnému místu.")}
            </p>
          ) : (
            <Table>
              <caption className="sr-only">{t("feePayer:section.history", "Historie v odběrných místech")}</caption>
              <THead>
                <tr>
                  <TH>{t("feePayer:history.subject", "Odběrné místo")}</TH>
                  <TH>{t("feePayer:history.address", "Adresa")}</TH>
                  <TH>{t("feePayer:history.validFrom", "Začátek období")}</TH>
                  <TH>{t("feePayer:history.validTo", "Konec")}</TH>
                  <TH>{t("feePayer:history.chief", "Hlavní poplatník")}</TH>
                  <TH className="text-right">{t("feePayer:field.finalFee", "Výsledný poplatek")}</TH>
                </tr>
              </THead>
              <TBody>
                {history.map((h) => (
                  <TR key={h.membershipId} data-testid="history-row">
                    <TD>
                      <Link
                        className="font-medium text-emerald-800 hover:underline"
                        to={`/infrastructure/subjects/${h.subjectId}`}
                      >
                        {h.subjectName}
                      </Link>
                    </TD>
                    <TD>{h.address || "–"}</TD>
                    <TD className="whitespace-nowrap">{date(h.validFrom)}</TD>
                    <TD className="whitespace-nowrap">
                      {h.validTo ? date(h.validTo) : t("feePayer:history.ongoing", "dosud")}
                    </TD>
                    <TD>{h.isChief ? <Badge tone="blue">{t("feePayer:history.chiefYes", "Hlavní")}</Badge> : "–"}</TD>
                    <TD className="text-right whitespace-nowrap">{money(h.finalFee)}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
