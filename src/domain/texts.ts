/** User-visible texts quoted by the spec (sections 2, 5 and 8), verbatim. */
export const TEXTS = {
  unauthorized: "You don't have permission to view this page.",
  backToDashboard: 'Back to Dashboard',
  loading: 'Loading',
  loadingProfile: 'Loading profile...',
  loadingRole: 'Loading role information...',
  passwordsDoNotMatch: 'Passwords do not match',
  emailCannotBeChanged: 'Email cannot be changed',
  resetSuccess: 'Check your email for password reset instructions',
  profileSuccess: 'Profile updated successfully!',
  logoutFailed: 'Failed to log out',
  mustBeLoggedIn: 'You must be logged in',
  googleNotConfigured: 'Google sign-in is not configured',
} as const;

/** Error texts with a reason appended, as spec section 8 words them. */
export const failure = {
  signIn: (message: string) => `Failed to sign in: ${message}`,
  signInGoogle: (message: string) => `Failed to sign in with Google: ${message}`,
  signUp: (message: string) => `Failed to create an account: ${message}`,
  signUpGoogle: (message: string) => `Failed to sign up with Google: ${message}`,
  resetPassword: (message: string) => `Failed to reset password: ${message}`,
  loadProfile: (message: string) => `Failed to load profile: ${message}`,
  updateProfile: (message: string) => `Failed to update profile: ${message}`,
} as const;
