import { LANDING_GENERATED_PATH, LinkOriginProvider } from '../components/marketing/link-origin';
import LandingRoute from './landing';

/**
 * The landing page for visitors arriving from generated listings. Its links tell sign-up where
 * they came from, so sign-up's close button returns here (spec §2).
 */
export default function LandingGeneratedRoute() {
  return (
    <LinkOriginProvider origin={LANDING_GENERATED_PATH}>
      <LandingRoute />
    </LinkOriginProvider>
  );
}
