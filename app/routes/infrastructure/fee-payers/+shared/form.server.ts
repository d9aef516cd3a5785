import type { AppLoadContext } from "react-router";
import { toIsoDate } from "#contract/calendar";
import { feePayerFormSchema, feePayerUpdateSchema, type FeePayerForm } from "#contract/fee-payer";
import { userT } from "~/server/i18n.server";
import type { ApiClient } from "~/server/api.server";
import { formAnswer, redirectWithFlash } from "~/server/action.server";
import { submitForm } from "~/server/form.server";

/** Only the chosen type's fields are kept: the other group stays in the page (hidden), possibly filled in. */
export function forType<V extends FeePayerForm>(v: V): V {
  return v.type === "Company"
    ? {
        ...v,
        titleBefore: undefined,
        firstName: undefined,
        lastName: undefined,
        titleAfter: undefined,
        gender: undefined,
        dateOfBirth: undefined,
      }
    : { ...v, companyName: undefined, identificationNumber: undefined, vatNumber: undefined };
}

/** What the create screens load: the municipality's discounts for the form, and today (the default start). */
export async function createFormData(api: ApiClient, municipalityId: number) {
  const { items } = await api.feePayer.discounts({ municipalityId });
  return { discounts: items, today: toIsoDate(new Date()) };
}

/**
 * The action of the create and edit screens: validate with the shared schema, POST (or PUT with `feePayerId`),
 * 422 field errors back under the fields, otherwise the flash `feePayer:flash.<flash>` and a redirect (to the
 * payer's detail unless `redirectTo` says otherwise).
 */
export async function saveFeePayer(
  api: ApiClient,
  context: AppLoadContext,
  formData: FormData,
  opts: {
    municipalityId: number;
    /** Edit: the payer to update; create without it. */
    feePayerId?: number;
    flash: "created" | "createdForSubject" | "saved";
    redirectTo: (id: number) => string;
    /** Values the route decides, not the page (the subject of create-for-subject). */
    fixed?: Partial<FeePayerForm>;
  },
) {
  const { municipalityId, feePayerId, fixed } = opts;
  const outcome = feePayerId
    ? await submitForm(formData, feePayerUpdateSchema, (value) =>
        api.feePayer.update({ municipalityId, feePayerId }, { ...forType(value), ...fixed }),
      )
    : await submitForm(formData, feePayerFormSchema, (value) =>
        api.feePayer.create({ municipalityId }, { ...forType(value), ...fixed }),
      );
  if (!outcome.ok) return formAnswer("save", outcome);
  const t = await userT(api.session);
  return redirectWithFlash(api, context, opts.redirectTo(outcome.data.id), t(`feePayer:flash.${opts.flash}`));
}
