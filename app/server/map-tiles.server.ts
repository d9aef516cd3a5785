import type { AppLoadContext } from "react-router";
import { OSM_ATTRIBUTION, OSM_TILE_URL, type MapTiles } from "~/components/map";

/** The map tiles of this installation (MAP_TILE_URL, MAP_TILE_ATTRIBUTION; OpenStreetMap by default). */
export function mapTiles(context: AppLoadContext): MapTiles {
  return {
    url: context.config.mapTileUrl ?? OSM_TILE_URL,
    attribution: context.config.mapTileAttribution ?? OSM_ATTRIBUTION,
  };
}
