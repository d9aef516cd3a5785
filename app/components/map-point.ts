/**
 * The point, tiles and props of the map (app/components/map.tsx), shared with its Leaflet part (map.client.tsx),
 * which map.tsx loads lazily: both import them from here, so neither imports the other back.
 */
import type { ReactNode } from "react";

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

/** Coordinates as stored (numeric(9,6)): six decimals. */
export function roundPoint(p: MapPoint): MapPoint {
  const r = (n: number) => Math.round(n * 1e6) / 1e6;
  return { lat: r(p.lat), lng: r(p.lng) };
}

/** A kind of point on a map of many (a collection's collected bins, errors, …): its name and colour. */
export type KindStyle = { key: string; label: string; color: string };
/** The props of app/components/points-map.tsx, shared with its Leaflet part. */
export type PointsMapProps = {
  tiles: MapTiles;
  /** [latitude, longitude, kind index, id]. */
  points: readonly (readonly [number, number, number, number])[];
  kinds: readonly KindStyle[];
  label: string;
  className?: string;
};
