import { EmailConfirmationScreen } from '../../features/auth/email-confirmation-screen';

export default function CallbackRoute() {
  return <EmailConfirmationScreen />;
}
