/** Dims the table and tells screen readers while a navigation to this same list (new page, sort, filter) loads. */
import type { ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "../ui/cn";

export function BusyRegion({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location?.pathname === location.pathname;
  return (
    <div aria-busy={busy} className={cn("relative transition-opacity", busy && "opacity-60")}>
      {busy && (
        <p role="status" className="sr-only">
          {t("common:dataTable.loading")}
        </p>
      )}
      {children}
    </div>
  );
}
