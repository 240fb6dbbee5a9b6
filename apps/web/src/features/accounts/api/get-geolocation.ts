import type { GeolocationResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';

/** GET /api/geolocation: where the caller's IP is (analytics only; nulls without a provider). */
export const getGeolocation = () => api.get<GeolocationResponse>('/geolocation');
