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

/** Whether the seller is on premium; renders again only when that changes, not with credits. */
export function useIsPremium(): boolean {
  const { data } = useQuery({
    queryKey: profileQueryKey,
    queryFn: fetchProfile,
    select: (profile) => planFromName(profile.planName) === 'premium',
  });
  return data ?? false;
}

export interface CreditSummary {
  plan: PlanName;
  total: number;
  free: number;
  monthly: number;
  purchased: number;
  /** The plan's own allowance: 3 free credits, or 50 a month on premium. */
  allowance: number;
}

export function summariseCredits(profile: Profile): CreditSummary {
  const plan = planFromName(profile.planName);
  return { plan, allowance: creditAllowance(plan), ...profile.credits };
}

/** 'Free 3 · Purchased 10': what the credits are, in the words the purchase pages use. */
export function creditParts(credits: CreditSummary): string[] {
  const parts: string[] = [];
  if (credits.plan === 'premium') parts.push(`${credits.monthly} of ${credits.allowance} monthly`);
  if (credits.free > 0) parts.push(`${credits.free} free`);
  if (credits.purchased > 0) parts.push(`${credits.purchased} purchased`);
  return parts;
}
