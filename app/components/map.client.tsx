/** The Leaflet part of app/components/map.tsx; loaded only in the browser (see there). */
import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";
import L from "leaflet";
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from "react-leaflet";
import iconUrl from "leaflet/dist/images/marker-icon.png";
import iconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png";
import shadowUrl from "leaflet/dist/images/marker-shadow.png";
import { roundPoint, type LocationMapProps, type MapPoint } from "./map-point";

// Leaflet finds its default icon through a CSS trick that bundled (hashed) file names break: name the files.
const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

/** The middle of Czechia and Slovakia, when there is no point yet. */
const NO_POINT: MapPoint = { lat: 49.4, lng: 17.0 };
const POINT_ZOOM = 17;

function ClickToPlace({ onChange }: { onChange: (p: MapPoint) => void }) {
  useMapEvents({ click: (e) => onChange(roundPoint(e.latlng)) });
  return null;
}

/** Brings a point that changed from outside (typed coordinates) into view. */
function FollowPoint({ point }: { point: MapPoint | null }) {
  const map = useMap();
  const had = useRef(point !== null);
  useEffect(() => {
    if (!point) {
      had.current = false;
      return;
    }
    const target = L.latLng(point.lat, point.lng);
    if (!had.current) map.setView(target, Math.max(map.getZoom(), POINT_ZOOM));
    else if (!map.getBounds().contains(target)) map.panTo(target);
    had.current = true;
  }, [map, point]);
  return null;
}

export default function ClientMap({ tiles, point, onChange, label, className }: LocationMapProps) {
  const start = point ?? NO_POINT;
  return (
    <div role="region" aria-label={label} data-testid="location-map">
      <MapContainer
        center={[start.lat, start.lng]}
        zoom={point ? POINT_ZOOM : 7}
        scrollWheelZoom={false}
        className={className}
      >
        <TileLayer url={tiles.url} attribution={tiles.attribution} />
        {onChange && <ClickToPlace onChange={onChange} />}
        <FollowPoint point={point} />
        {point && (
          <Marker
            position={[point.lat, point.lng]}
            icon={markerIcon}
            title={label}
            alt={label}
            draggable={Boolean(onChange)}
            eventHandlers={{
              dragend: (e) => onChange?.(roundPoint((e.target as L.Marker).getLatLng())),
            }}
          />
        )}
      </MapContainer>
    </div>
  );
}
