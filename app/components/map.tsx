/**
 * A map with one point (ARCHITECTURE.md components: Map, react-leaflet), e.g. a bin's location (spec 001 §2 edit
 * and detail, §8 'no GPS'). Leaflet needs the browser: the server and the first client render show a plain frame
 * with `placeholder`, then map.client.tsx is loaded lazily (a `.client` module is empty in the server build, so the
 * server never imports leaflet). Pages keep latitude/longitude fields beside it, so they work without JavaScript
 * and without tiles.
 */
import { lazy, Suspense, type ReactNode } from "react";
import { cn } from "./ui/cn";
import { useHydrated } from "./ui/dialog";

/** The defaults of MAP_TILE_URL and MAP_TILE_ATTRIBUTION (config.ts), for contexts built without them. */
export const OSM_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export type MapPoint = { lat: number; lng: number };
/** Leaflet URL template ({z}/{x}/{y}) and the attribution (HTML) its provider requires. */
export type MapTiles = { url: string; attribution: string };

export type LocationMapProps = {
  tiles: MapTiles;
  /** The marker; null shows the whole country and no marker. */
  point: MapPoint | null;
  /** Editable: a click places the marker, dragging moves it. Without it the map is read-only. */
  onChange?: (point: MapPoint) => void;
  /** Accessible name of the map and the marker. */
  label: string;
  /** Shown in the frame until the map has loaded (and for good without JavaScript). */
  placeholder?: ReactNode;
  className?: string;
};

const ClientMap = lazy(() => import("./map.client"));

/** Coordinates as stored (numeric(9,6)): six decimals. */
export function roundPoint(p: MapPoint): MapPoint {
  const r = (n: number) => Math.round(n * 1e6) / 1e6;
  return { lat: r(p.lat), lng: r(p.lng) };
}

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
