import { Form, Link, NavLink, Outlet, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { DEFAULT_SUPPORT_EMAIL, ErrorPage, errorShown } from "~/components/error-page";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/app-layout";
import { apiFor } from "~/server/api.server";
import { commit } from "~/server/session.server";
import { NAV_ITEMS, moduleItemOf, visibleNav, visibleQuickActions, type NavItem } from "~/lib/navigation";
import { Alert } from "~/components/ui/alert";
import { Dialog, DialogTrigger } from "~/components/ui/dialog";
import { Button } from "~/components/ui/button";
import type { RootData } from "~/root";
import { cn } from "~/components/ui/cn";
import { SearchBox, SearchLink } from "~/components/search-box";

/** Every screen of the default layout needs a signed-in user (spec 000 §4). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const managed = await api.user.managedMunicipalities();
  const session = api.session;
  let activeId = session.get("activeMunicipalityId") ?? null;
  // The active municipality must be one the user may use; otherwise fall back to the first one.
  if (!managed.items.some((m) => m.id === activeId)) {
    const user = session.get("user");
    activeId = managed.items.find((m) => m.id === user?.municipalityId)?.id ?? managed.items[0]?.id ?? null;
    session.set("activeMunicipalityId", activeId);
    await commit(context, session);
  }
  return {
    user: session.get("user")!,
    permissions: session.get("permissions") ?? [],
    municipalities: managed.items,
    activeMunicipality: managed.items.find((m) => m.id === activeId) ?? null,
  };
}

export type AppLayoutData = Awaited<ReturnType<typeof loader>>;

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell data={loaderData}>
      <Outlet />
    </AppShell>
  );
}

/**
 * A screen's error (a record not found, a failed call) is shown inside the layout, so the navigation stays (issue
 * 12). When the layout's own data is missing, the root boundary shows the page alone.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<AppLayoutData>("routes/app-layout");
  const root = useRouteLoaderData<RootData>("root");
  const location = useLocation();
  const { status, message } = errorShown(error, location.pathname);
  const page = (
    <ErrorPage status={status} message={message} supportEmail={root?.supportEmail ?? DEFAULT_SUPPORT_EMAIL} />
  );
  return layout ? <AppShell data={layout}>{page}</AppShell> : <main>{page}</main>;
}

/** The navigation, the header with the active municipality and the user, and the page. */
function AppShell({ data, children }: { data: AppLayoutData; children: React.ReactNode }) {
  const { user, permissions, municipalities, activeMunicipality } = data;
  const root = useRouteLoaderData<RootData>("root");
  const navigation = useNavigation();
  const { t } = useTranslation();
  const groups = visibleNav(permissions);
  const { pathname, search } = useLocation();
  const moduleItem = moduleItemOf(NAV_ITEMS, pathname);
  const quickActions = visibleQuickActions(permissions);

  return (
    <div className="flex min-h-screen">
      <aside
        className="hidden w-60 shrink-0 border-r border-slate-200 bg-white md:block"
        aria-label={t("layout.navigation")}
      >
        <div className="flex h-14 items-center gap-2 border-b border-slate-200 px-4 font-semibold text-emerald-800">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" aria-hidden="true">
            <path
              d="M4 7h16M9 7V4h6v3m-9 0 1 13h10l1-13"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {t("layout.product")}
        </div>
        <NavGroups groups={groups} moduleItem={moduleItem} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="relative flex h-14 items-center justify-between gap-4 border-b border-slate-200 bg-white px-4">
          <div className="flex min-w-0 items-center gap-2">
            <MobileNav key={`${pathname}${search}`} groups={groups} moduleItem={moduleItem} />
            <span className="hidden text-sm text-slate-500 lg:inline">{t("layout.activeMunicipality")}:</span>
            <DialogTrigger name="municipality" variant="secondary" size="sm">
              {activeMunicipality?.name ?? t("layout.noMunicipality")}
            </DialogTrigger>
          </div>
          <div className="flex min-w-0 items-center gap-3">
            <SearchBox id="search-header" className="hidden w-56 xl:flex" />
            <SearchLink className="hidden md:inline-flex xl:hidden" />
            {quickActions.length > 0 && (
              <>
                <nav aria-label={t("quick.label")} className="hidden items-center gap-2 xl:flex">
                  {quickActions.map((a) => (
                    <Button key={a.to} to={a.to} variant="secondary" size="sm">
                      <span aria-hidden="true">+</span> {t(a.labels)}
                    </Button>
                  ))}
                </nav>
                <QuickActionsMenu key={`${pathname}${search}`} actions={quickActions} />
              </>
            )}
            <Link
              to="/profile"
              className="max-w-40 truncate rounded text-sm text-slate-700 hover:text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
              title={t("layout.profile")}
              data-testid="user-name"
            >
              {user.fullName}
            </Link>
            <Form method="post" action="/logout" reloadDocument>
              <Button type="submit" variant="ghost" size="sm">
                {t("layout.logout")}
              </Button>
            </Form>
          </div>
        </header>
        <div
          className={cn(
            "h-0.5 bg-emerald-600 transition-opacity",
            navigation.state === "idle" ? "opacity-0" : "animate-pulse opacity-100",
          )}
          aria-hidden="true"
        />
        <main className="mx-auto w-full max-w-7xl flex-1 space-y-4 p-4 md:p-6" aria-busy={navigation.state !== "idle"}>
          {root?.flash.map((f, i) => (
            <Alert key={i} tone={f.type}>
              {f.text}
            </Alert>
          ))}
          {children}
        </main>
      </div>
      <Dialog name="municipality" title={t("layout.selectMunicipality")} size="sm">
        {municipalities.length === 0 ? (
          <p className="text-sm text-slate-600">{t("layout.noMunicipalities")}</p>
        ) : (
          <Form method="post" action="/active-municipality" className="space-y-1">
            <ul className="max-h-80 space-y-1 overflow-y-auto">
              {municipalities.map((m) => (
                <li key={m.id}>
                  <button
                    type="submit"
                    name="municipalityId"
                    value={m.id}
                    className={cn(
                      "w-full rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600",
                      m.id === activeMunicipality?.id && "bg-emerald-50 font-medium text-emerald-800",
                    )}
                    aria-current={m.id === activeMunicipality?.id ? "true" : undefined}
                  >
                    {m.name}
                    {!m.active && <span className="ml-2 text-xs text-slate-500">({t("layout.inactive")})</span>}
                  </button>
                </li>
              ))}
            </ul>
          </Form>
        )}
      </Dialog>
    </div>
  );
}

type NavGroups = ReturnType<typeof visibleNav>;

/** The navigation's groups and links; the active one is marked (a module's sub page marks its module). */
function NavGroups({ groups, moduleItem }: { groups: NavGroups; moduleItem: NavItem | undefined }) {
  const { t } = useTranslation();
  return (
    <nav className="space-y-5 p-3">
      {groups.map((g) => (
        <div key={g.group}>
          <p className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
            {t(`nav.group.${g.group}`)}
          </p>
          <ul>
            {g.items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      "block rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600",
                      (moduleItem ? moduleItem === item : isActive) && "bg-emerald-50 font-medium text-emerald-800",
                    )
                  }
                >
                  {t(item.labels)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * Below the xl breakpoint the quick actions do not fit beside the search and the user: one "+" disclosure holds them
 * (a native <details>, so it opens without JavaScript; remounted on every navigation, which closes it). On a phone
 * its list spans the header, elsewhere it hangs below the "+".
 */
function QuickActionsMenu({ actions }: { actions: ReturnType<typeof visibleQuickActions> }) {
  const { t } = useTranslation();
  return (
    <details className="sm:relative xl:hidden">
      <summary className="flex h-8 cursor-pointer list-none items-center gap-1 rounded-md px-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true">+</span>
        <span className="sr-only sm:not-sr-only">{t("quick.label")}</span>
      </summary>
      <nav
        aria-label={t("quick.label")}
        className="absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white py-1 shadow-lg sm:inset-x-auto sm:right-0 sm:mt-1 sm:w-56 sm:rounded-md sm:border"
      >
        {actions.map((a) => (
          <Link
            key={a.to}
            to={a.to}
            className="block px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            <span aria-hidden="true">+</span> {t(a.labels)}
          </Link>
        ))}
      </nav>
    </details>
  );
}

/**
 * Below the md breakpoint the sidebar is hidden; a disclosure in the header opens the same navigation. It is a native
 * <details>, so it opens without JavaScript; the layout remounts it on every navigation, which closes it.
 */
function MobileNav({ groups, moduleItem }: { groups: NavGroups; moduleItem: NavItem | undefined }) {
  const { t } = useTranslation();
  return (
    <details className="group md:hidden">
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 [&::-webkit-details-marker]:hidden"
        aria-label={t("layout.navigation")}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t("layout.menu")}
      </summary>
      <div className="absolute inset-x-0 top-full z-40 max-h-[calc(100vh-3.5rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg">
        <SearchBox id="search-menu" className="mx-3 mt-3 flex" />
        <NavGroups groups={groups} moduleItem={moduleItem} />
      </div>
    </details>
  );
}
