import 'leaflet/dist/leaflet.css';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { type LatLngTuple, latLngBounds } from 'leaflet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Popup } from 'react-leaflet';
import { Link } from 'react-router';
import { modelStatusColors, modelStatusKind } from '../../../lib/model-status.ts';
import { MapTiles } from './map-tiles.tsx';
import type { LocatedEquipment } from './overview-equipment.ts';

const MAX_ZOOM = 16;

type EquipmentMapProps = {
  equipment: readonly LocatedEquipment[];
  height: number;
};

/**
 * Where the equipment of a folder stands, one dot per tag coloured by its status, with its models in a popup.
 * Degrades to a message when the tile server cannot be reached.
 */
export function EquipmentMap({ equipment, height }: EquipmentMapProps) {
  const { t } = useTranslation();
  const [unreachable, setUnreachable] = useState(false);
  if (unreachable) return <Alert severity="info">{t('structure.map.overviewUnreachable')}</Alert>;
  const points = equipment.map((item): LatLngTuple => [item.posLat, item.posLng]);
  return (
    <Box sx={{ height, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
      <MapContainer
        bounds={latLngBounds(points).pad(0.2)}
        boundsOptions={{ maxZoom: MAX_ZOOM }}
        style={{ height: '100%', width: '100%' }}
        aria-label={t('structure.overview.mapLabel')}
      >
        <MapTiles onUnreachable={() => setUnreachable(true)} />
        {equipment.map((item) => {
          const color = modelStatusColors[modelStatusKind(item.status)];
          return (
            <CircleMarker
              key={item.id}
              center={[item.posLat, item.posLng]}
              radius={9}
              pathOptions={{ color: '#ffffff', weight: 2, fillColor: color, fillOpacity: 1 }}
            >
              <Popup>
                <strong>{item.equipmentTitleName}</strong>
                {item.structureItemAlias ? ` ${item.structureItemAlias}` : ''}
                {item.models.map((model) => (
                  <div key={model.id}>
                    <Link to={`/model/${model.id}`}>{model.title}</Link>
                  </div>
                ))}
              </Popup>
            </CircleMarker>
          );
        })}
      </MapContainer>
    </Box>
  );
}
