import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

export interface SessionState {
  user: SessionUser;
  session: { id: string; expiresAt: string };
}

export const sessionQueryKey = ['session'] as const;

/** The signed-in user, read from the httpOnly session cookie by the server; null when signed out. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: () => apiFetch<SessionState | null>('/api/auth/get-session'),
    staleTime: 60_000,
    retry: 1,
  });
}
