import { redirect, type AppLoadContext } from "react-router";
import { feePayerFormSchema, feePayerUpdateSchema, type FeePayerForm } from "#contract/fee-payer";
import type { ApiClient } from "~/server/api.server";
import { submitForm } from "~/server/form.server";
import { addFlash, commit } from "~/server/session.server";

/** Only the chosen type's fields are kept: the other group stays in the page (hidden), possibly filled in. */
export function forType(v: FeePayerForm): FeePayerForm {
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

/**
 * The action of the create and edit screens: validate with the shared schema, POST or PUT, 422 field errors back
 * under the fields, otherwise a flash and a redirect (to the payer's detail unless `redirectTo` is given).
 */
export async function saveFeePayer(
  api: ApiClient,
  context: AppLoadContext,
  formData: FormData,
  opts: {
    method: "POST" | "PUT";
    path: string;
    flash: string;
    redirectTo: (id: number) => string;
    /** Values the route decides, not the page (the subject of create-for-subject). */
    fixed?: Partial<FeePayerForm>;
  },
) {
  const outcome = await submitForm(formData, opts.method === "PUT" ? feePayerUpdateSchema : feePayerFormSchema, (value) =>
    api.send<{ id: number }>(opts.method, opts.path, { ...forType(value), ...opts.fixed }),
  );
  if (!outcome.ok) return outcome.response;
  addFlash(api.session, { type: "success", text: opts.flash });
  return redirect(opts.redirectTo(outcome.data.id), { headers: { "Set-Cookie": await commit(context, api.session) } });
}
