/**
 * The spec's auth messages, in a module of their own without zod: the API client shows them on
 * every page, the landing page's first load included, whose JavaScript budget zod would break.
 */
/** The spec's auth messages, verbatim (section 8). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  accountNotFound: 'No account found with this email',
  tooManyAttempts: 'Too many sign in attempts. Please try again later',
  accountLocked: 'Your account has been temporarily locked for security reasons',
  invalidEmail: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  network: 'Unable to connect. Please check your internet connection',
  server: 'Server error occurred. Please try again',
  emailInUse: 'An account with this email already exists',
  generic: 'An error occurred. Please try again',
  noUserData: 'No user data returned',
  authenticationFailed: 'Authentication failed',
  weakPassword: 'Password must meet all requirements',
  passwordsDoNotMatch: 'Passwords do not match',
  alreadyRegisteredField: 'This email is already registered',
  signUpNetwork: 'Network error occurred. Please try again',
  resetEmailRequired: 'Please enter your email address',
  resetPasswordWeak: 'Password does not meet requirements',
  emailNotConfirmed:
    'Please confirm your email address first. We sent you a link when you signed up.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new one.',
} as const;
