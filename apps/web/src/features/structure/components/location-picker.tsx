import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import type { LatLngTuple } from 'leaflet';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaces } from '../api/search-places.ts';

// Leaflet is only fetched when a dialog with a map opens, never with the first page.
const LocationMap = lazy(() => import('./location-map.tsx').then((m) => ({ default: m.LocationMap })));

/** Spec 01 §2: the map appears after 1 second. */
const MAP_DELAY_MS = 1000;
const MAP_HEIGHT = 280;

type LocationPickerProps = {
  position: LatLngTuple | null;
  onPick: (lat: number, lng: number) => void;
};

/**
 * Place search and the click-to-set map of the equipment dialog: an aid to the latitude and longitude
 * fields, which always stay (the map or the geocoder may be out of reach).
 */
export function LocationPicker({ position, onPick }: LocationPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const places = usePlaces(search);
  const [showMap, setShowMap] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setShowMap(true), MAP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const handleSearch = () => setSearch(text.trim());

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        label={t('structure.map.search')}
        value={text}
        size="small"
        fullWidth
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches; it must not submit the dialog's form.
          if (event.key === 'Enter') {
            event.preventDefault();
            handleSearch();
          }
        }}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={t('structure.map.searchButton')}
                  onClick={handleSearch}
                  loading={places.isFetching}
                >
                  <SearchOutlined fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {places.isError ? <Alert severity="info">{t('structure.map.searchUnavailable')}</Alert> : null}
      {places.data?.length === 0 ? <Alert severity="info">{t('structure.map.noPlaces')}</Alert> : null}
      {places.data && places.data.length > 0 ? (
        <List dense aria-label={t('structure.map.results')} sx={{ maxHeight: 160, overflow: 'auto', py: 0 }}>
          {places.data.map((place) => (
            <ListItemButton
              key={`${place.lat},${place.lng},${place.name}`}
              onClick={() => {
                onPick(place.lat, place.lng);
                setSearch('');
              }}
            >
              <ListItemText primary={place.name} secondary={`${place.lat}, ${place.lng}`} />
            </ListItemButton>
          ))}
        </List>
      ) : null}
      {showMap ? (
        <Suspense fallback={<Skeleton variant="rounded" height={MAP_HEIGHT} />}>
          <LocationMap position={position} onPick={onPick} height={MAP_HEIGHT} />
        </Suspense>
      ) : (
        <Skeleton variant="rounded" height={MAP_HEIGHT} />
      )}
    </Box>
  );
}
