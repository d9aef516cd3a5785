/**
 * A map with one point (ARCHITECTURE.md components: Map, react-leaflet), e.g. a bin's location (spec 001 §2 edit
 * and detail, §8 'no GPS'). Leaflet needs the browser: the server and the first client render show a plain frame
 * with `placeholder`, then map.client.tsx is loaded lazily (a `.client` module is empty in the server build, so the
 * server never imports leaflet). Pages keep latitude/longitude fields beside it, so they work without JavaScript
 * and without tiles.
 */
import { lazy, Suspense } from "react";
import { cn } from "./ui/cn";
import { useHydrated } from "./ui/dialog";
import type { LocationMapProps, MapPoint } from "./map-point";

export { roundPoint, type LocationMapProps, type MapPoint, type MapTiles } from "./map-point";

/** The defaults of MAP_TILE_URL and MAP_TILE_ATTRIBUTION (config.ts), for contexts built without them. */
export const OSM_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const ClientMap = lazy(() => import("./map.client"));

/** A point from two texts ('49.2153'); null when either is missing, not a number or out of range. */
export function parsePoint(lat: string | null | undefined, lng: string | null | undefined): MapPoint | null {
  if (!lat?.trim() || !lng?.trim()) return null;
  const a = Number(lat.trim());
  const b = Number(lng.trim());
  if (!Number.isFinite(a) || !Number.isFinite(b) || Math.abs(a) > 90 || Math.abs(b) > 180) return null;
  return { lat: a, lng: b };
}

export function LocationMap({ placeholder, className, ...props }: LocationMapProps) {
  const hydrated = useHydrated();
  const frame = cn("h-72 w-full overflow-hidden rounded-md border border-slate-200 bg-slate-100", className);
  const waiting = (
    <div className={cn(frame, "flex items-center justify-center p-4 text-center text-sm text-slate-600")}>
      {placeholder}
    </div>
  );
  if (!hydrated) return waiting;
  return (
    <Suspense fallback={waiting}>
      <ClientMap {...props} className={frame} />
    </Suspense>
  );
}
