import { useRef } from 'react';
import { TileLayer } from 'react-leaflet';
import { env } from '../../../config/env.ts';

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

type MapTilesProps = {
  /** Called once when tiles fail before any has loaded: the tile server cannot be reached. */
  onUnreachable: () => void;
};

/** The configured tile layer (`VITE_MAP_TILE_URL`), reporting when no tile can be loaded at all. */
export function MapTiles({ onUnreachable }: MapTilesProps) {
  const loaded = useRef(false);
  const reported = useRef(false);
  return (
    <TileLayer
      url={env.mapTileUrl}
      attribution={ATTRIBUTION}
      eventHandlers={{
        tileload: () => {
          loaded.current = true;
        },
        tileerror: () => {
          if (loaded.current || reported.current) return;
          reported.current = true;
          onUnreachable();
        },
      }}
    />
  );
}
