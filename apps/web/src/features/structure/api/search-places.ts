import { queryOptions } from '@tanstack/react-query';
import { env } from '../../../config/env.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { structureKeys } from './keys.ts';

/** A place the geocoder found. */
export type Place = { name: string; lat: number; lng: number };

type GeocoderHit = { lat?: unknown; lon?: unknown; display_name?: unknown };

/**
 * Places matching a search, from the configured geocoder (Nominatim's `search` by default: `q`,
 * `format=json`, answers `[{lat, lon, display_name}]`). Called directly from the browser: it is not our
 * server, so no credentials are sent.
 */
export async function searchPlaces(
  search: string,
  { signal, geocoderUrl = env.geocoderUrl }: { signal?: AbortSignal; geocoderUrl?: string } = {},
): Promise<Place[]> {
  const url = new URL(geocoderUrl, window.location.href);
  url.searchParams.set('q', search);
  url.searchParams.set('format', 'json');
  url.searchParams.set('limit', '5');
  const response = await fetch(url, { signal, credentials: 'omit', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The place search answered ${response.status}.`);
  const hits: unknown = await response.json();
  if (!Array.isArray(hits)) return [];
  return hits.flatMap((hit: GeocoderHit) => {
    const lat = Number(hit.lat);
    const lng = Number(hit.lon);
    return Number.isFinite(lat) && Number.isFinite(lng)
      ? [{ name: typeof hit.display_name === 'string' ? hit.display_name : `${lat}, ${lng}`, lat, lng }]
      : [];
  });
}

export function placesQueryOptions(search: string) {
  return queryOptions({
    queryKey: structureKeys.places(env.geocoderUrl, search),
    queryFn: ({ signal }) => searchPlaces(search, { signal }),
    enabled: search.trim().length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function usePlaces(search: string) {
  return useQuery(placesQueryOptions(search));
}
