import { redirect } from "react-router";
import type { Route } from "./+types/login-letter";
import { requireId } from "~/lib/route-checks";
import { translateMessage } from "~/lib/messages";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { redirectWithFlash } from "~/server/action.server";
import { isPdf, pdfFileName, pdfResponse } from "~/server/pdf.server";
import type { ApiProblem } from "~/server/api.server";
import { detailPath } from "./+shared/ui";

/** Only the detail's 'Vygenerovat přihlášení' dialog posts here; a plain visit goes back to the detail. */
export function loader({ request, params }: Route.LoaderArgs) {
  return redirect(detailPath(requireId(params.feePayerId, request)));
}

/**
 * Resource route: generates the payer's citizen login with a PDF letter (POST generate-login, method pdf) and
 * streams the letter back as a download. Works as a plain form post (no JavaScript); the page's script posts with
 * `respond=json` to get a failure as JSON instead of a redirect with a flash.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = requireId(params.feePayerId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "feePayer.aEdit");
  const formData = await request.formData();
  const res = await api.file.feePayer.generateLogin({ municipalityId, feePayerId: id }, { method: "pdf" });
  // Always a download (attachment), under the API's file name when it gives one.
  if (isPdf(res)) return pdfResponse(res, `attachment; filename="${pdfFileName(res, `prihlaseni-${id}.pdf`)}"`);
  const problem: Partial<ApiProblem> | null = await res.json().catch(() => null);
  const t = await userT(api.session);
  const message = translateMessage(
    t,
    Object.values(problem?.errors ?? {})[0]?.[0] ?? problem?.Message ?? t("feePayer:login.pdfFailed"),
  );
  const status = res.ok ? 502 : res.status;
  if (formData.get("respond") === "json") return Response.json({ message }, { status });
  return redirectWithFlash(api, context, detailPath(id), message, "error");
}
