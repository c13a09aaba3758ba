import { HeroBackdrop } from '#web/components/marketing/hero-backdrop';
import { MarketingLayout } from '#web/components/marketing/marketing-layout';
import { AuthPanel, type AuthCardProps } from './auth-card';

/**
 * Sign-in and sign-up: the card in the centre of the landing layout, header, hero and footer
 * (spec §2). A module of its own so the status screens' chunks leave the gallery out.
 */
export function HeroAuthCard(props: AuthCardProps) {
  return (
    <MarketingLayout>
      <HeroBackdrop>
        <AuthPanel {...props} />
      </HeroBackdrop>
    </MarketingLayout>
  );
}
