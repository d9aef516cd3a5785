import { useRouteLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { AppLayoutData } from "./app-layout";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

export const meta = () => [{ title: "Přehled · Odpady obce" }];

/** A greeting until the dashboard widgets (spec 001 §2 Dashboard) arrive with their areas. */
export default function Dashboard() {
  const layout = useRouteLoaderData<AppLayoutData>("routes/app-layout");
  const { t } = useTranslation();
  const hour = new Date().getHours();
  const greeting =
    hour < 10 ? t("dashboard.morning", "Dobré ráno") : hour < 18 ? t("dashboard.day", "Dobrý den") : t("dashboard.evening", "Dobrý večer");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">
        {greeting}, {layout?.user.fullName}
      </h1>
      <Card>
        <CardHeader>
          <CardTitle>{t("dashboard.activeMunicipality", "Aktivní obec")}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-slate-700">
            {layout?.activeMunicipality?.name ?? t("layout.noMunicipality", "Žádná obec")}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
