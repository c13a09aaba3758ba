import { CheckEmailScreen } from '../../features/auth/check-email-screen';

export default function AccountConfirmationRoute() {
  return <CheckEmailScreen />;
}
