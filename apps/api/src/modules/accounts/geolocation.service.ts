import type { GeolocationResponse } from '@wholesale/contract';

type Log = { warn: (o: object, m: string) => void };

const NOTHING: GeolocationResponse = {
  status: true,
  country_name: null,
  city: null,
  province: null,
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 100) : null;
}

/**
 * Asks the configured IP geolocation service (docs/product/accounts.md GET /ipgeo; `{ip}` in the URL template is
 * replaced) where an address is. Without a provider, or when it fails or is slow (2 s), every field
 * is null: geolocation only feeds analytics and never decides the price list (docs/decisions/011-pluggable-third-parties.md).
 */
export async function geolocate(
  urlTemplate: string | undefined,
  ip: string,
  log: Log,
): Promise<GeolocationResponse> {
  if (!urlTemplate) return NOTHING;
  try {
    const url = urlTemplate.replace('{ip}', encodeURIComponent(ip));
    const response = await fetch(url, {
      signal: AbortSignal.timeout(2000),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const body = (await response.json()) as Record<string, unknown>;
    return {
      status: true,
      country_name: text(body.country_name),
      city: text(body.city),
      province: text(body.state_prov) ?? text(body.region) ?? text(body.province),
    };
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'geolocation failed');
    return NOTHING;
  }
}
