import { LegalPage } from '../components/marketing/legal-page';
import terms from '../content/terms.md';

export default function TermsRoute() {
  return <LegalPage document={terms} related={{ to: '/privacy', label: 'Privacy Policy' }} />;
}
