/**
 * A map of many points of a few kinds (a collection's bins: collected, without code, with errors, duplicates; issue
 * 13 part 5), clustered when there are thousands (supercluster) and drawn on a canvas. Like map.tsx, Leaflet is
 * loaded only in the browser; the server render and a browser without JavaScript show the legend with the counts,
 * and the page keeps the same data in its tables, so nothing depends on the map or on its tiles.
 */
import { lazy, Suspense } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "./ui/cn";
import { useHydrated } from "./ui/dialog";
import type { PointsMapProps } from "./map-point";

export type { KindStyle, PointsMapProps } from "./map-point";

const ClientPointsMap = lazy(() => import("./points-map.client"));

export function PointsLegend({ points, kinds }: Pick<PointsMapProps, "points" | "kinds">) {
  const counts = kinds.map((_, i) => points.filter((p) => p[2] === i).length);
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {kinds.map((k, i) => (
        <li key={k.key} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full" style={{ backgroundColor: k.color }} />
          {k.label}: <span className="tabular-nums">{counts[i]}</span>
        </li>
      ))}
    </ul>
  );
}

export function PointsMap({ className, ...props }: PointsMapProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const frame = cn("h-96 w-full overflow-hidden rounded-md border border-slate-200 bg-slate-100", className);
  const waiting = (
    <div className={cn(frame, "flex items-center justify-center p-4 text-center text-sm text-slate-600")}>
      {t("common:map.noScript")}
    </div>
  );
  return (
    <div className="space-y-2">
      <PointsLegend points={props.points} kinds={props.kinds} />
      {props.points.length === 0 ? (
        <p className="text-sm text-slate-600">{t("common:map.noPoints")}</p>
      ) : hydrated ? (
        <Suspense fallback={waiting}>
          <ClientPointsMap {...props} className={frame} />
        </Suspense>
      ) : (
        waiting
      )}
    </div>
  );
}
