import { data, redirect, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import { OAuth2RequestError } from "remix-auth-oauth2";
import type { Route } from "./+types/login";
import { DISCOVERY_ERROR, getAuthenticator } from "~/server/auth.server";
import { ApiClient } from "~/server/api.server";
import { commit, getSession, renewSession, takeReturnTo } from "~/server/session.server";
import type { SessionUser } from "~/server/context";
import { buttonClasses } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";

export const meta = () => [{ title: "Přihlášení · Odpady obce" }];

type Problem = "state" | "provider" | "discovery" | "account";

interface UserInfo {
  id: number;
  fullName: string;
  userName: string;
  email: string | null;
  language: string;
  roles: { name: string }[];
  municipality: { id: number } | null;
}

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
    return data({ problem: "discovery" as Problem, message: DISCOVERY_ERROR }, { status: 503 });
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
      return data({ problem: "provider" as Problem, message: err.description ?? err.code }, { status: 400 });
    }
    // A state that does not match the stored one: the login is ignored (spec 000 §4).
    console.warn("[auth] sign-in callback ignored:", err instanceof Error ? err.message : err);
    return data({ problem: "state" as Problem, message: null }, { status: 400 });
  }

  // A new session id for the signed-in user; the one the browser brought is deleted (session fixation).
  const signedIn = await renewSession(request, context);
  signedIn.set("tokens", tokens);
  const api = new ApiClient(request, context, signedIn);
  const info = await api.request<UserInfo>("GET", "/user/user-info");
  if (!info.ok) {
    // Nothing is kept for an account the product cannot use.
    return data({ problem: "account" as Problem, message: info.problem.Message }, { status: 403 });
  }
  const permissions = await api.get<{ value: string }[]>("/user/user-info/permissions");
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
  signedIn.set("permissions", permissions.map((p) => p.value));
  signedIn.set("activeMunicipalityId", user.municipalityId);
  const returnTo = await takeReturnTo(request, context);
  const headers = new Headers();
  headers.append("Set-Cookie", await commit(context, signedIn));
  headers.append("Set-Cookie", returnTo.forget);
  return redirect(returnTo.to, { headers });
}

export default function Login() {
  const result = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const shown = useMessage();
  const problem = result?.problem;
  const text: Record<Problem, string> = {
    state: t("login.stateMismatch", "Přihlášení nebylo dokončeno. Zkuste to prosím znovu."),
    provider: t("login.providerError", "Poskytovatel identity přihlášení odmítl."),
    discovery: t("login.discoveryError", "Poskytovatel identity není dostupný."),
    account: t("login.accountError", "Váš účet nelze v aplikaci použít."),
  };
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm space-y-4 rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold text-emerald-800">{t("layout.product", "Odpady obce")}</h1>
        {problem && (
          <Alert tone="error">
            {text[problem]}
            {result?.message && <span className="mt-1 block text-xs opacity-80">{shown(result.message)}</span>}
          </Alert>
        )}
        <a href="/login" className={buttonClasses({ className: "w-full" })}>
          {t("login.signIn", "Přihlásit se")}
        </a>
      </div>
    </main>
  );
}
