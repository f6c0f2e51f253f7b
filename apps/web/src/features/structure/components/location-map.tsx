import 'leaflet/dist/leaflet.css';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { divIcon, type LatLngTuple } from 'leaflet';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { MapTiles } from './map-tiles.tsx';

/** Spec 01 §2: about lat 13.7568, lng 100.5102 until a location is set; zoom 14 in the tree dialog. */
const DEFAULT_CENTER: LatLngTuple = [13.7568, 100.5102];
const ZOOM = 14;
const COORDINATE_DECIMALS = 1e6;

// A 50 × 50 pin (spec 01 §9) drawn inline, so no marker image has to be found by the bundler.
const pin = divIcon({
  className: '',
  iconSize: [50, 50],
  iconAnchor: [25, 50],
  html: '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50" viewBox="0 0 24 24" aria-hidden="true"><path fill="#0b5c7a" stroke="#fff" stroke-width="1" d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"/></svg>',
});

const round = (value: number) => Math.round(value * COORDINATE_DECIMALS) / COORDINATE_DECIMALS;

function PickOnClick({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({
    click: (event) => {
      // A map scrolled round the world answers longitudes past 180; bring them back.
      const { lat, lng } = event.latlng.wrap();
      onPick(round(lat), round(lng));
    },
  });
  return null;
}

/** Keeps a typed or searched location in view. */
function FollowPosition({ position }: { position: LatLngTuple | null }) {
  const map = useMap();
  const lat = position?.[0];
  const lng = position?.[1];
  useEffect(() => {
    if (lat !== undefined && lng !== undefined) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

type LocationMapProps = {
  position: LatLngTuple | null;
  onPick: (lat: number, lng: number) => void;
  height: number;
};

/**
 * The location picker's map (spec 01 §2): a click sets the location, the marker shows it. When the tile
 * server cannot be reached it steps aside for a message; the latitude and longitude fields stay usable.
 */
export function LocationMap({ position, onPick, height }: LocationMapProps) {
  const { t } = useTranslation();
  const [unreachable, setUnreachable] = useState(false);
  if (unreachable) return <Alert severity="info">{t('structure.map.unreachable')}</Alert>;
  return (
    <Box sx={{ height, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
      <MapContainer
        center={position ?? DEFAULT_CENTER}
        zoom={ZOOM}
        style={{ height: '100%', width: '100%' }}
        aria-label={t('structure.map.pickerLabel')}
      >
        <MapTiles onUnreachable={() => setUnreachable(true)} />
        <PickOnClick onPick={onPick} />
        <FollowPosition position={position} />
        {position ? <Marker position={position} icon={pin} /> : null}
      </MapContainer>
    </Box>
  );
}
