import { useQuery } from '@tanstack/react-query';
import { sessionStateSchema } from '#domain/api/session';
import { apiFetch } from './api-client';

export const sessionQueryKey = ['session'] as const;

export function fetchSession() {
  return apiFetch('/api/auth/get-session', sessionStateSchema);
}

/** The signed-in user, read from the httpOnly session cookie by the server; null when signed out. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchSession,
    staleTime: 60_000,
    retry: 1,
  });
}
