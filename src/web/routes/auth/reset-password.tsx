import { ResetPasswordScreen } from '../../features/auth/reset-password-screen';

export default function ResetPasswordRoute() {
  return <ResetPasswordScreen />;
}
