import { Form } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import type { Route } from "./+types/detail";
import { deactivateBody } from "#contract/fee-payer";
import { formatPhone, formatZip } from "~/lib/format";
import { formatDateTime, toIsoDate } from "#contract/calendar";
import { useCan } from "~/lib/permissions";
import { requireId } from "~/lib/route-checks";
import { submitForm } from "~/server/form.server";
import { detailPermission, requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { apiAnswer, formAnswer, readIntent, redirectWithFlash, unknownIntent } from "~/server/action.server";
import { recordTitle } from "~/components/page-title";
import { DetailPage } from "~/components/detail-page";
import { ConfirmDialog, DeleteDialog } from "~/components/confirm-dialog";
import { DetailRow, FieldRows } from "~/components/detail-row";
import { Money } from "~/components/money";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TD, TR } from "~/components/ui/table";
import { DeactivateDialog, GenerateLoginDialog } from "./+shared/detail-dialogs";
import {
  AgeGroupBadge,
  Day,
  LIST_PATH,
  LoginBadge,
  RegisteredBadge,
  Section,
  StateBadge,
  TypeLabel,
  detailPath,
  subjectPath,
} from "./+shared/ui";
import { RecordLink } from "~/components/record-link";
import { RowsTable, figureHeading } from "~/components/rows-table";

export const handle = recordTitle<Route.ComponentProps["loaderData"]>("feePayer", (d) => d.feePayer.name);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const feePayerId = requireId(params.feePayerId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aDetail");
  const [feePayer, history] = await Promise.all([
    api.feePayer.detail({ municipalityId, feePayerId }),
    api.feePayer.history({ municipalityId, feePayerId }),
  ]);
  return { feePayer, history: history.items, today: toIsoDate(new Date()) };
}

/** Every action of the detail, told apart by `intent`; each one a plain form post that works without JavaScript. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const feePayerId = requireId(params.feePayerId, request);
  const { formData, intent } = await readIntent(request);
  const { api, municipalityId } = await requireMunicipality(request, context, detailPermission("feePayer", intent));
  const payer = { municipalityId, feePayerId };
  const t = await userT(api.session);
  const done = (text: string, to = detailPath(feePayerId)) => redirectWithFlash(api, context, to, text);

  switch (intent) {
    case "register": {
      const res = await api.feePayer.register({ municipalityId }, { feePayerIds: [feePayerId], registered: true });
      return res.ok ? done(t("feePayer:flash.registered")) : apiAnswer(intent, res);
    }
    case "deactivate": {
      const outcome = await submitForm(formData, deactivateBody, (value) => api.feePayer.deactivate(payer, value));
      return outcome.ok ? done(t("feePayer:flash.deactivated")) : formAnswer(intent, outcome);
    }
    case "activate": {
      const res = await api.feePayer.activate(payer);
      return res.ok ? done(t("feePayer:flash.activated")) : apiAnswer(intent, res);
    }
    case "generateLogin": {
      // The PDF letter is a download from the resource route login-letter.pdf; this is the e-mail invitation.
      const email = String(formData.get("email") ?? "");
      const res = await api.feePayer.generateLogin(payer, { method: "email", email });
      if (!res.ok) return apiAnswer(intent, res);
      return done(t("feePayer:flash.loginSent", { email: res.data.sentTo }));
    }
    case "delete": {
      const res = await api.feePayer.remove(payer);
      return res.ok ? done(t("feePayer:flash.deleted"), LIST_PATH) : apiAnswer(intent, res);
    }
    default:
      return unknownIntent(intent, t);
  }
}

export default function FeePayerDetailPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { feePayer: p, history, today } = loaderData;
  const shown = useMessage();
  const { t, i18n } = useTranslation();
  const canEdit = useCan("aEdit", "feePayer");
  const canRemove = useCan("aRemove", "feePayer");
  // Deactivated: the last active day has passed. A payer not yet active (a future start) can still be deactivated.
  const deactivated = Boolean(p.activeTo && p.activeTo < today);
  // Failures of the other intents (409 of delete, …) are shown above the sections; the dialogs show their own.
  const alert = answer?.message && !["generateLogin", "deactivate"].includes(answer.intent) ? answer.message : null;

  return (
    <DetailPage
      ns="feePayer"
      list={LIST_PATH}
      edit={canEdit && `${detailPath(p.id)}/edit`}
      title={p.name}
      subtitle={
        <div className="flex flex-wrap items-center gap-2">
          <TypeLabel type={p.type} />
          <StateBadge active={p.active} />
          <RegisteredBadge registered={p.registered} />
          <LoginBadge hasLogin={Boolean(p.login)} />
          {p.login && <span>{p.login.userName}</span>}
        </div>
      }
      actions={
        <>
          {canEdit && !p.registered && (
            <Form method="post">
              <input type="hidden" name="intent" value="register" />
              <Button type="submit" variant="secondary">
                {t("feePayer:action.register")}
              </Button>
            </Form>
          )}
          {canEdit &&
            (!deactivated ? (
              <DeactivateDialog feePayer={p} today={today} />
            ) : (
              <ConfirmDialog
                name="activate"
                intent="activate"
                // After a failed post (no JavaScript: the URL still names the dialog) the alert is shown instead.
                open={answer?.intent === "activate" ? false : undefined}
                tone="primary"
                ns="feePayer"
              />
            ))}
          {canEdit && <GenerateLoginDialog feePayer={p} />}
          {canRemove && <DeleteDialog ns="feePayer" values={{ name: p.name }} answer={answer} />}
        </>
      }
    >
      {alert && <Alert tone="error">{shown(alert)}</Alert>}

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={t("feePayer:section.personal")}>
          <dl className="divide-y divide-slate-100">
            {p.type === "Resident" ? (
              <>
                <FieldRows ns="feePayer" record={p} keys={["titleBefore", "firstName", "lastName", "titleAfter"]} />
                <DetailRow
                  label={t("feePayer:field.gender")}
                  value={p.gender ? t(`feePayer:gender.${p.gender}`, p.gender) : null}
                />
                <DetailRow label={t("feePayer:field.dateOfBirth")} value={<Day value={p.dateOfBirth} />} />
              </>
            ) : (
              <>
                <FieldRows ns="feePayer" record={p} keys={["companyName", "identificationNumber", "vatNumber"]} />
              </>
            )}
            <DetailRow label={t("feePayer:field.phone")} value={p.phone ? formatPhone(p.phone) : null} />
            <DetailRow
              label={t("feePayer:field.email")}
              value={
                p.email ? (
                  <a className="text-emerald-800 underline" href={`mailto:${p.email}`}>
                    {p.email}
                  </a>
                ) : null
              }
            />
            <DetailRow label={t("feePayer:field.variableSymbol")} value={p.variableSymbol} />
            <DetailRow
              label={t("feePayer:detail.paymentAddress")}
              value={[p.streetAddress, [formatZip(p.zipCode), p.city].filter(Boolean).join(" ")]
                .filter(Boolean)
                .join(", ")}
            />
            <DetailRow label={t("feePayer:field.note")} value={p.note} />
          </dl>
        </Section>

        <div className="space-y-4">
          <Section title={t("feePayer:section.activity")}>
            <dl className="divide-y divide-slate-100">
              <DetailRow label={t("feePayer:field.activeFrom")} value={<Day value={p.activeFrom} />} />
              <DetailRow label={t("feePayer:field.activeTo")} value={<Day value={p.activeTo} />} />
              <DetailRow label={t("feePayer:field.periodEnd")} value={<Day value={p.periodEnd} />} />
              <DetailRow
                label={t("feePayer:detail.activeChangedAt")}
                value={p.activeChangedAt ? formatDateTime(p.activeChangedAt, i18n.language) : null}
              />
              <DetailRow
                label={t("feePayer:detail.registeredAt")}
                value={p.registeredAt ? formatDateTime(p.registeredAt, i18n.language) : null}
              />
            </dl>
          </Section>

          <Section title={t("feePayer:section.fees")}>
            <dl className="divide-y divide-slate-100">
              <DetailRow label={t("feePayer:field.finalFee")} value={<Money value={p.finalFee} />} />
              <DetailRow label={t("feePayer:detail.feeRecordCount")} value={String(p.feeRecordCount)} />
            </dl>
          </Section>

          <Section title={t("feePayer:section.discounts")} className="space-y-3 text-sm">
            <div>
              <h3 className="mb-1 font-medium text-slate-700">{t("feePayer:discounts.fixed")}</h3>
              {p.discounts.length === 0 ? (
                <p className="text-slate-600">{t("feePayer:discounts.none")}</p>
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
              <h3 className="mb-1 font-medium text-slate-700">{t("feePayer:discounts.automatic")}</h3>
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
                <p className="text-slate-600">{t("feePayer:discounts.noBirthDate")}</p>
              )}
            </div>
          </Section>
        </div>
      </div>

      <Section title={t("feePayer:section.addresses")}>
        {p.addresses.length === 0 ? (
          <p className="text-sm text-slate-600">{t("feePayer:addresses.empty")}</p>
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
      </Section>

      <Section title={t("feePayer:section.history")} className="p-0">
        <RowsTable
          rows={history}
          empty={t("feePayer:history.empty")}
          emptyClassName="px-4 py-4 text-sm text-slate-600"
          caption={t("feePayer:section.history")}
          plainHeadRow
          head={[
            t("feePayer:history.subject"),
            t("feePayer:history.address"),
            t("feePayer:history.validFrom"),
            t("feePayer:history.validTo"),
            t("feePayer:history.chief"),
            figureHeading(t("feePayer:field.finalFee")),
          ]}
        >
          {(h) => (
            <TR key={h.membershipId} data-testid="history-row">
              <TD>
                <RecordLink to={subjectPath(h.subjectId)}>{h.subjectName}</RecordLink>
              </TD>
              <TD>{h.address || "–"}</TD>
              <TD className="whitespace-nowrap">
                <Day value={h.validFrom} />
              </TD>
              <TD className="whitespace-nowrap">
                {h.validTo ? <Day value={h.validTo} /> : t("feePayer:history.ongoing")}
              </TD>
              <TD>{h.isChief ? <Badge tone="blue">{t("feePayer:history.chiefYes")}</Badge> : "–"}</TD>
              <TD className="text-right whitespace-nowrap">
                {h.finalFee === null ? (
                  "–"
                ) : (
                  <>
                    <Money value={h.finalFee} />{" "}
                    <span className="text-xs text-slate-500">{t("feePayer:history.feeYear", { year: h.feeYear })}</span>
                  </>
                )}
              </TD>
            </TR>
          )}
        </RowsTable>
      </Section>
    </DetailPage>
  );
}
