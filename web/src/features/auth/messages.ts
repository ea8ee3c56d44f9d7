// The texts of the steps after the password and of staff two-step sign-in (the sign-in form and the
// enrollment page that staff pages ask for), in one place.
export const signInStepMessages = {
  newPasswordTitle: 'Choose Your Password',
  newPasswordIntro: 'The shop set up your account with a temporary password. Choose your own to continue.',
  newPasswordButton: 'Set Password and Sign In',
  totpTitle: 'Two-Step Sign-In',
  totpIntro: 'Enter the 6-digit code your authenticator app shows for this account.',
  totpSetupTitle: 'Set Up Two-Step Sign-In',
  totpSetupIntro:
    'Staff accounts sign in with a password and a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…). Add this account to your app with the key below, then enter the 6-digit code it shows.',
  /** The enrollment page staff pages show until the admin has set up an authenticator app. */
  totpEnrollIntro:
    'Staff pages need a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) as well as your password. Scan the QR code with your app, or add the key below, then enter the 6-digit code it shows.',
  qrLabel: 'QR code for your authenticator app',
  secretLabel: 'Key',
  openInApp: 'Open in an authenticator app',
  codeLabel: 'Authentication code',
  verify: 'Verify',
  verifying: 'Verifying...',
  codeRequired: 'Please enter the 6-digit code',
  codeWrong: 'That code is not right. Enter the code your app shows now.',
  sessionExpired: 'Your sign-in took too long. Please sign in again.',
  lostPhone: "Lost your phone? Ask whoever runs the portal's AWS account to reset two-step sign-in for you; you then set up your new phone here.",
  setupLoading: 'Preparing your key…',
  setupFailed: 'We could not create a key for your authenticator app. Please try again.',
  statusFailed: 'We could not check your two-step sign-in. Please try again.',
  failed: 'Something went wrong. Please try again.',
  tryAgain: 'Try Again',
} as const;
