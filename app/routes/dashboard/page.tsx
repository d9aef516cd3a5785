/**
 * The dashboard (spec 001 §1 'Dashboard', §9): the active municipality's widgets from one API call. The year, the
 * comparison's period and its measure travel in the URL (a GET form), so it all works without JavaScript; values the
 * contract does not accept are ignored rather than answered with an error page.
 */
import { dashboardQuery } from "#contract/dashboard";
import { wallOf } from "#contract/calendar";
import { useTranslation } from "~/i18n/use-translation";
import { pageTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";
import { SectionCard } from "~/components/section-card";
import { requireMunicipality } from "~/server/guard.server";
import { apiFor } from "~/server/api.server";
import type { Route } from "./+types/page";
import { DashboardFilter, DashboardWidgets } from "./+shared/widgets";

export const handle = pageTitle("common:nav.dashboard");

/** The greeting by the hour in Prague, chosen on the server so that the page hydrates with the same words. */
function greetingOf(now: Date): "morning" | "day" | "evening" {
  const { hour } = wallOf(now);
  return hour < 10 ? "morning" : hour < 18 ? "day" : "evening";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const user = api.session.get("user")!;
  const greeting = greetingOf(new Date());
  // Every role opens the dashboard after signing in; one without its permission gets the greeting alone.
  if (!(api.session.get("permissions") ?? []).includes("dashboard.aDetail")) return { user, greeting, board: null };
  const { municipalityId } = await requireMunicipality(request, context, "dashboard.aDetail");
  const parsed = dashboardQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const board = await api.dashboard.get({ municipalityId, ...(parsed.success ? parsed.data : {}) });
  return { user, greeting, board };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, greeting, board } = loaderData;
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <PageHeader
        title={`${t(`dashboard:greeting.${greeting}`)}, ${user.fullName}`}
        actions={board && <DashboardFilter board={board} />}
      />
      {board ? (
        <DashboardWidgets board={board} />
      ) : (
        <SectionCard title={t("dashboard:noWidgets.title")}>
          <p className="text-sm text-slate-700">{t("dashboard:noWidgets.text")}</p>
        </SectionCard>
      )}
    </div>
  );
}
