/** The Leaflet part of app/components/points-map.tsx; loaded only in the browser (see there). */
import "leaflet/dist/leaflet.css";
import { useEffect, useMemo, useState } from "react";
import L from "leaflet";
import Supercluster from "supercluster";
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap, useMapEvents } from "react-leaflet";
import type { PointsMapProps } from "./map-point";

type Props = { kind: number; id: number };

/** Fits the map to the points once. */
function FitBounds({ points }: { points: PointsMapProps["points"] }) {
  const map = useMap();
  useEffect(() => {
    if (!points.length) return;
    map.fitBounds(L.latLngBounds(points.map((p) => [p[0], p[1]] as [number, number])), {
      padding: [24, 24],
      maxZoom: 17,
    });
  }, [map, points]);
  return null;
}

/** The clusters of the visible area at the current zoom, recomputed as the map moves. */
function Clusters({ index, kinds }: { index: Supercluster<Props>; kinds: PointsMapProps["kinds"] }) {
  const map = useMap();
  const view = () => {
    const b = map.getBounds();
    return index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], Math.round(map.getZoom()));
  };
  const [clusters, setClusters] = useState(view);
  useMapEvents({ moveend: () => setClusters(view()), zoomend: () => setClusters(view()) });
  return (
    <>
      {clusters.map((c) => {
        const [lng, lat] = c.geometry.coordinates as [number, number];
        const props = c.properties as Partial<Supercluster.ClusterProperties> & Partial<Props>;
        if (props.cluster) {
          const n = props.point_count ?? 0;
          return (
            <CircleMarker
              key={`c${props.cluster_id}`}
              center={[lat, lng]}
              radius={Math.min(28, 10 + Math.log2(n) * 3)}
              pathOptions={{ color: "#0f766e", fillColor: "#14b8a6", fillOpacity: 0.55, weight: 2 }}
              eventHandlers={{
                click: () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(props.cluster_id!), 19)),
              }}
            >
              <Tooltip direction="center" permanent className="!border-0 !bg-transparent !shadow-none font-semibold">
                {n}
              </Tooltip>
            </CircleMarker>
          );
        }
        const kind = kinds[props.kind ?? 0]!;
        return (
          <CircleMarker
            key={`p${props.kind}-${props.id}`}
            center={[lat, lng]}
            radius={6}
            pathOptions={{ color: "#1e293b", fillColor: kind.color, fillOpacity: 0.9, weight: 1 }}
          >
            <Tooltip>{kind.label}</Tooltip>
          </CircleMarker>
        );
      })}
    </>
  );
}

export default function ClientPointsMap({ tiles, points, kinds, label, className }: PointsMapProps) {
  const index = useMemo(() => {
    const sc = new Supercluster<Props>({ radius: 50, maxZoom: 18 });
    sc.load(
      points.map((p) => ({
        type: "Feature" as const,
        properties: { kind: p[2], id: p[3] },
        geometry: { type: "Point" as const, coordinates: [p[1], p[0]] },
      })),
    );
    return sc;
  }, [points]);
  const first = points[0]!;
  return (
    <div role="region" aria-label={label} data-testid="points-map">
      <MapContainer center={[first[0], first[1]]} zoom={14} scrollWheelZoom={false} preferCanvas className={className}>
        <TileLayer url={tiles.url} attribution={tiles.attribution} />
        <FitBounds points={points} />
        <Clusters index={index} kinds={kinds} />
      </MapContainer>
    </div>
  );
}
