/**
 * Error pages of spec 000 §2: the generic one ('Něco se pokazilo.', a link to /dashboard, a picture for 404 and
 * another for other errors, a support e-mail) and the 403 page ('Přístup byl odepřen').
 * Rendered by error boundaries, so they rely only on react-router's <Link> and (optional) translations.
 */
import type { ReactNode } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";

/**
 * What an error boundary shows for what was thrown: the status and message of a thrown response ('Page not found:
 * {path}' for a 404 without a message of its own), 500 'Obecná chyba' for anything else (its text in development).
 */
export function errorShown(error: unknown, pathname: string): { status: number; message: string } {
  let status = 500;
  let message = "Obecná chyba";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    const body = error.data as { message?: string } | string | undefined;
    message = typeof body === "object" && body?.message ? body.message : error.statusText || message;
    if (status === 404 && !(typeof body === "object" && body?.message)) message = `Page not found: ${pathname}`;
  } else if (error instanceof Error && import.meta.env.DEV) {
    message = error.message;
  }
  return { status, message };
}

/** Product default of the support address (config SUPPORT_EMAIL overrides it; pass it in). */
export const DEFAULT_SUPPORT_EMAIL = "podpora@odpady-obce.cz";

const linkClass =
  "font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 rounded";

export type ErrorPageProps = {
  /** HTTP status; 404 selects the 'not found' picture. */
  status?: number;
  /** Message to show, e.g. 'Page not found: /foo' or the API's Message. */
  message?: ReactNode;
  supportEmail?: string;
  /** Technical details (stack trace) for development builds only. */
  details?: string;
  /** Render as <main> when no layout around it provides one (e.g. the root error boundary). Default "div". */
  as?: "main" | "div";
};

function ErrorLayout(props: {
  image: string;
  title: ReactNode;
  children: ReactNode;
  supportEmail: string;
  as?: "main" | "div";
}) {
  const { t } = useTranslation();
  const Tag = props.as ?? "div";
  return (
    <Tag className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-lg rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
        <img src={props.image} alt="" width={240} height={200} className="mx-auto mb-6 h-40 w-auto" />
        <h1 className="text-2xl font-semibold text-slate-900">{props.title}</h1>
        <div className="mt-3 space-y-2 text-sm text-slate-600">{props.children}</div>
        <p className="mt-6 border-t border-slate-100 pt-4 text-sm text-slate-500">
          {t("common:errorPage.support")}{" "}
          <a href={`mailto:${props.supportEmail}`} className={linkClass}>
            {props.supportEmail}
          </a>
        </p>
      </div>
    </Tag>
  );
}

/** 'Pokračujte prosím na úvodní stránku.' with a link to /dashboard (plain t() so it works before i18n is ready). */
function HomeLine() {
  const { t } = useTranslation();
  return (
    <p>
      {t("common:errorPage.homeBefore")}{" "}
      <Link to="/dashboard" className={linkClass}>
        {t("common:errorPage.homeLink")}
      </Link>
      {t("common:errorPage.homeAfter")}
    </p>
  );
}

export function ErrorPage({
  status,
  message: given,
  supportEmail = DEFAULT_SUPPORT_EMAIL,
  details,
  as,
}: ErrorPageProps) {
  const { t } = useTranslation();
  const shown = useMessage();
  // The API's Message is Czech; shown in the user's language (spec 000 §1).
  const message = typeof given === "string" ? shown(given) : given;
  return (
    <ErrorLayout
      image={status === 404 ? "/errors/404.svg" : "/errors/error.svg"}
      title={t("common:errorPage.title")}
      supportEmail={supportEmail}
      as={as}
    >
      {(status !== undefined || message) && (
        <p className="font-medium text-slate-700">
          {status !== undefined && <span className="mr-1 tabular-nums">{status}</span>}
          {status !== undefined && message && <span aria-hidden="true">· </span>}
          {message}
        </p>
      )}
      <HomeLine />
      {details && (
        <pre className="mt-4 max-h-64 overflow-auto rounded bg-slate-100 p-3 text-left text-xs text-slate-700">
          {details}
        </pre>
      )}
    </ErrorLayout>
  );
}

export type ForbiddenPageProps = { supportEmail?: string; as?: "main" | "div" };

/** /error/403 */
export function ForbiddenPage({ supportEmail = DEFAULT_SUPPORT_EMAIL, as }: ForbiddenPageProps) {
  const { t } = useTranslation();
  return (
    <ErrorLayout image="/errors/error.svg" title={t("common:forbiddenPage.title")} supportEmail={supportEmail} as={as}>
      <p>{t("common:forbiddenPage.message")}</p>
      <HomeLine />
    </ErrorLayout>
  );
}
