import { LegalPage } from '../components/marketing/legal-page';
import aboutData from '../content/about-data.md';

/** The attribution the price data's licence (ODC-By 1.0) asks for; the text is content/about-data.md. */
export default function AboutDataRoute() {
  return <LegalPage document={aboutData} related={{ to: '/privacy', label: 'Privacy Policy' }} />;
}
