import type { QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { fetchProfile, profileQueryKey, summariseCredits } from './profile';

export const NO_CREDITS_TITLE = 'No Credits Available';

/**
 * Spec: signing in with no credits left shows the warning 'No Credits Available'. Called once
 * after each successful sign-in; the toast outlives the navigation to the app.
 */
export async function warnWhenOutOfCredits(queryClient: QueryClient): Promise<void> {
  const profile = await queryClient.fetchQuery({
    queryKey: profileQueryKey,
    queryFn: fetchProfile,
  });
  if (summariseCredits(profile).total > 0) return;
  toast(
    <div className="text-sm">
      <p className="font-semibold text-slate-900">{NO_CREDITS_TITLE}</p>
      <p className="mt-0.5 text-slate-600">
        Buy credits or upgrade to Premium to create more listings.
      </p>
    </div>,
    { id: 'no-credits', icon: '⚠️', duration: 6000 },
  );
}
