import { MarketingLayout } from '../components/marketing/marketing-layout';
import { Faq } from '../components/marketing/landing/faq';
import { Features } from '../components/marketing/landing/features';
import { FinalCallToAction } from '../components/marketing/landing/final-call-to-action';
import { Hero } from '../components/marketing/landing/hero';
import { HowItWorks } from '../components/marketing/landing/how-it-works';
import { Pricing } from '../components/marketing/landing/pricing';
import { useDocumentTitle } from '../components/marketing/use-document-title';
import { useHashScroll } from '../lib/use-hash-scroll';

export default function LandingRoute() {
  useDocumentTitle('Listsmith: product photos to store-ready listings');
  useHashScroll();
  return (
    <MarketingLayout>
      <Hero />
      <HowItWorks />
      <Features />
      <Pricing />
      <Faq />
      <FinalCallToAction />
    </MarketingLayout>
  );
}
