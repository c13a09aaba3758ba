import { LegalPage } from '../components/marketing/legal-page';
import privacy from '../content/privacy.md';

export default function PrivacyRoute() {
  return <LegalPage document={privacy} related={{ to: '/terms', label: 'Terms of Service' }} />;
}
