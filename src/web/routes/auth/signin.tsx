import { SignInScreen } from '../../features/auth/sign-in-screen';

export default function SigninRoute() {
  return <SignInScreen />;
}
