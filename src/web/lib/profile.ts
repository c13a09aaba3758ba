import { useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '#domain/api/profile';
import { creditAllowance, planFromName, type PlanName } from '#domain/plans';
import { apiFetch } from './api-client';

export const profileQueryKey = ['profile'] as const;

export function fetchProfile(): Promise<Profile> {
  return apiFetch('/api/user/profile', profileSchema, {
    fallbackMessage: 'Failed to fetch user profile',
  });
}

export function useProfile(enabled = true) {
  return useQuery({ queryKey: profileQueryKey, queryFn: fetchProfile, enabled });
}

export interface CreditSummary {
  plan: PlanName;
  total: number;
  /** The counter's main figure and its denominator, e.g. 3 / 3. */
  shown: number;
  allowance: number;
  /** Credits beyond the plan's allowance (bought packs), shown as "+n". */
  extra: number;
}

export function summariseCredits(profile: Profile): CreditSummary {
  const plan = planFromName(profile.planName);
  const allowance = creditAllowance(plan);
  const total = profile.fixedCredits + profile.subscriptionCredits;
  if (plan === 'premium') {
    return {
      plan,
      total,
      shown: profile.subscriptionCredits,
      allowance,
      extra: profile.fixedCredits,
    };
  }
  const shown = Math.min(total, allowance);
  return { plan, total, shown, allowance, extra: total - shown };
}
