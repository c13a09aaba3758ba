import { useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '#domain/api/public-config';
import { apiFetch } from './api-client';

/** Shown until the server's value arrives (and if it cannot be fetched). */
const DEFAULT_PUBLIC_CONFIG: PublicConfig = { supportEmail: 'support@listsmith.app' };

/** Server settings the browser may know (SUPPORT_EMAIL), fetched once per page load. */
export function usePublicConfig(): PublicConfig {
  const query = useQuery({
    queryKey: ['public-config'],
    queryFn: () => apiFetch('/api/public-config', publicConfigSchema),
    staleTime: Infinity,
    retry: 1,
  });
  return query.data ?? DEFAULT_PUBLIC_CONFIG;
}
