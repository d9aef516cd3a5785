import { data, redirect } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import { OAuth2RequestError } from "remix-auth-oauth2";
import type { Route } from "./+types/login";
import { DISCOVERY_ERROR, getAuthenticator } from "~/server/auth.server";
import { ApiClient } from "~/server/api.server";
import { commit, getSession, renewSession, takeReturnTo } from "~/server/session.server";
import type { SessionUser } from "~/server/context";
import { pageTitle } from "~/components/page-title";
import { buttonClasses } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";

export const handle = pageTitle("common:login.title");

type Problem = "state" | "provider" | "discovery" | "account";

/** The sign-in page with what went wrong (and the provider's or the API's message). */
const failed = (problem: Problem, message: string | null, status: number) => data({ problem, message }, { status });

/**
 * Spec 000 §4 sign-in: /login starts the authorization-code flow with PKCE (S256) and is also the callback.
 * After the code exchange the permissions are loaded once and the user goes back to the page they asked for.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const session = await getSession(request, context);
  const isCallback = url.searchParams.has("state") || url.searchParams.has("code") || url.searchParams.has("error");

  if (!isCallback && session.get("tokens")) return redirect("/");

  let authenticator;
  try {
    authenticator = await getAuthenticator(context.config);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    return failed("discovery", DISCOVERY_ERROR, 503);
  }

  if (!isCallback) {
    // Throws the redirect to the provider (with the state and code verifier cookie).
    await authenticator.authenticate("oidc", request);
    return null;
  }

  let tokens;
  try {
    tokens = await authenticator.authenticate("oidc", request);
  } catch (err) {
    if (err instanceof Response) throw err;
    if (err instanceof OAuth2RequestError) {
      return failed("provider", err.description ?? err.code, 400);
    }
    // A state that does not match the stored one: the login is ignored (spec 000 §4).
    console.warn("[auth] sign-in callback ignored:", err instanceof Error ? err.message : err);
    return failed("state", null, 400);
  }

  // A new session id for the signed-in user; the one the browser brought is deleted (session fixation).
  const signedIn = await renewSession(request, context);
  signedIn.set("tokens", tokens);
  const api = new ApiClient(request, context, signedIn);
  const info = await api.result.user.info();
  if (!info.ok) {
    // Nothing is kept for an account the product cannot use.
    return failed("account", info.problem.Message, 403);
  }
  const permissions = await api.user.permissions();
  const user: SessionUser = {
    id: info.data.id,
    fullName: info.data.fullName,
    userName: info.data.userName,
    email: info.data.email,
    roles: info.data.roles.map((r) => r.name),
    language: info.data.language,
    municipalityId: info.data.municipality?.id ?? null,
  };
  signedIn.set("user", user);
  signedIn.set(
    "permissions",
    permissions.map((p) => p.value),
  );
  signedIn.set("activeMunicipalityId", user.municipalityId);
  const returnTo = await takeReturnTo(request, context);
  const headers = new Headers();
  headers.append("Set-Cookie", await commit(context, signedIn));
  headers.append("Set-Cookie", returnTo.forget);
  return redirect(returnTo.to, { headers });
}

export default function Login({ loaderData: result }: Route.ComponentProps) {
  const { t } = useTranslation();
  const shown = useMessage();
  const problem = result?.problem;
  const text: Record<Problem, string> = {
    state: t("login.stateMismatch"),
    provider: t("login.providerError"),
    discovery: t("login.discoveryError"),
    account: t("login.accountError"),
  };
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm space-y-4 rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold text-emerald-800">{t("layout.product")}</h1>
        {problem && (
          <Alert tone="error">
            {text[problem]}
            {result?.message && <span className="mt-1 block text-xs opacity-80">{shown(result.message)}</span>}
          </Alert>
        )}
        <a href="/login" className={buttonClasses({ className: "w-full" })}>
          {t("login.signIn")}
        </a>
      </div>
    </main>
  );
}
