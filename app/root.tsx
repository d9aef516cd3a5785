import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/root";
import { watchBuild } from "~/lib/build-check";
import { switchLanguage } from "~/i18n/client";
import { DEFAULT_SUPPORT_EMAIL, ErrorPage, errorShown } from "~/components/error-page";
import { commit, getSession } from "~/server/session.server";
import { localeFor } from "~/server/i18n.server";
import type { FlashMessage } from "~/server/context";
import { PageTitle } from "~/components/page-title";
import stylesheet from "./app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  const locale = await localeFor(request, session.get("user")?.language);
  // Flash messages are shown once and cleared by this read (spec 000 §5).
  const flash = (session.get("flash") as FlashMessage[] | undefined) ?? [];
  return data(
    { locale, flash, supportEmail: context.config.supportEmail },
    flash.length ? { headers: { "Set-Cookie": await commit(context, session) } } : undefined,
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  return (
    <html lang={root?.locale ?? "cs"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <PageTitle />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(
    () => watchBuild((window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version),
    [],
  );
  // The language may change without a page load (the profile's language, another user signing in): follow it.
  const locale = useRouteLoaderData<RootData>("root")?.locale;
  const { i18n } = useTranslation();
  useEffect(() => {
    if (locale && i18n.language !== locale) void switchLanguage(i18n, locale);
  }, [locale, i18n]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<RootData>("root");
  const location = useLocation();
  const { status, message } = errorShown(error, location.pathname);
  return (
    <ErrorPage as="main" status={status} message={message} supportEmail={root?.supportEmail ?? DEFAULT_SUPPORT_EMAIL} />
  );
}
