import { useRouteLoaderData } from "react-router";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import type { AppLayoutData } from "./app-layout";
import { pageTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";

export const handle = pageTitle("common:nav.dashboard");

/** A greeting until the dashboard widgets (spec 001 §2 Dashboard) arrive with their areas. */
export default function Dashboard() {
  const layout = useRouteLoaderData<AppLayoutData>("routes/app-layout");
  const { t } = useTranslation();
  const hour = new Date().getHours();
  const greeting =
    hour < 10 ? t("common:dashboard.morning") : hour < 18 ? t("common:dashboard.day") : t("common:dashboard.evening");
  return (
    <div className="space-y-4">
      <PageHeader title={`${greeting}, ${layout?.user.fullName}`} />
      <SectionCard title={t("common:dashboard.activeMunicipality")}>
        <p className="text-sm text-slate-700">
          {layout?.activeMunicipality?.name ?? t("common:layout.noMunicipality")}
        </p>
      </SectionCard>
    </div>
  );
}
