/**
 * Words the user sees on the identity screens, quoted exactly from docs/product/identity.md
 * ("Screens and routes", "Validation rules" and "Error catalogue"). Server and web both import them, so a
 * validation message reads the same wherever it is raised. Entries marked "ours" are not in the requirements
 * (they leave that message unshown) and are our wording.
 */
export const identityMessages = {
  signUp: {
    termsRequired: 'You must agree to the Terms and Conditions to continue.',
    privacyRequired: 'You must agree to the Privacy Policy to continue.',
    credentialsRequired: 'Fill Email, Username, Password.',
    invalidEmail: 'Invalid email.',
    passwordTooShort: 'Password ≥ 6 chars.',
    passwordsDoNotMatch: 'Passwords do not match.',
    usernameTaken: 'Username already exists. Please choose a different one.',
    usernameUnverified: 'Username will be verified during sign-up.',
    /** ours: docs/product/identity.md, "Validation rules", only gives the required message for step 2. */
    usernameFormat: 'Username must be 3–30 characters: letters, digits, underscores or dots.',
    /** ours */
    passwordTooLong: 'Password must be at most 128 characters.',
    namesRequired: 'Fill First & Last Name.',
    /** ours */
    nameTooLong: 'Names must be at most 100 characters.',
    contactRequired: 'Fill Phone, Country, DOB.',
    invalidPhone: 'Please enter a valid phone number.',
    /** ours: "Birth date not after today" has no message in docs/product/identity.md, "Validation rules". */
    dateOfBirthInFuture: 'Date of birth cannot be in the future.',
    /** ours */
    invalidDateOfBirth: 'Please enter a valid date of birth.',
    creatingAccount: 'Creating Account...',
    almostThere: 'Almost there!',
    settingUpContainer: 'Setting up data container...',
    /** Followed by the server's message. */
    setupErrorPrefix: 'Setup error: ',
    /** Followed by the HTTP status. */
    setupHttpErrorPrefix: 'Error ',
  },
  signIn: {
    credentialsRequired: 'Enter Email & Password.',
    failed: 'Sign in failed',
    processing: 'Processing...',
    initialSessionFailed: 'Failed to retrieve initial session.',
    verifying: 'Verifying authentication...',
    /** ours: shown with a way to resend the confirmation email. */
    emailNotVerified: 'Please confirm your email address first. We can send the confirmation link again.',
    /** ours: the answer to too many attempts (HTTP 429). */
    tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  },
  forgotPassword: {
    emailRequired: 'Please enter your email address.',
    invalidEmail: 'Please enter a valid email address.',
    sendFailed: 'Failed to send reset email. Please try again.',
  },
  resetPassword: {
    bothRequired: 'Please enter and confirm your new password.',
    passwordsDoNotMatch: 'Passwords do not match.',
    passwordTooShort: 'Password must be at least 6 characters.',
    invalidLink: 'This link is invalid or expired. Please request a new password reset email.',
    verifyFailed: 'Unable to verify reset link.',
    failed: 'Failed to reset password.',
  },
  toasts: {
    profileError: {
      title: 'Profile Error',
      description: 'Failed to load profile data. Please refresh the page.',
    },
    sessionExpired: {
      title: 'Session Expired',
      description: 'Your session has expired. Please sign in again.',
    },
    sessionError: { title: 'Session Error', description: 'Could not refresh session.' },
    signOutError: { title: 'Sign Out Error', description: 'Error signing out. Please try again.' },
    storageError: { title: 'Storage Error', description: 'Could not save sidebar preference.' },
    dataDeleted: {
      title: 'Data Deleted',
      description: 'All your data and linked accounts have been deleted.',
    },
    deleteDataError: { title: 'Delete Error', description: 'Failed to delete data. Please try again.' },
    accountDeleted: { title: 'Account Deleted', description: 'Your account has been permanently deleted.' },
    deleteAccountError: { title: 'Delete Error', description: 'Failed to delete account. Please try again.' },
    noEmail: { title: 'No Email', description: 'No email found for password reset.' },
    /** Description: the error's message, else the fallback. */
    resetFailed: { title: 'Reset Failed', description: 'Failed to send password reset email.' },
  },
  session: {
    /** A refresh failing with this message is ignored (docs/product/identity.md, "Error catalogue"). */
    ignoredRefreshError: 'Only an active session can be refreshed',
    signOutFailed: 'Failed to sign out. Please try again.',
  },
  preferences: {
    unsavedChanges: 'Changes not saved. Save before closing?',
    promptFailed: 'Failed to generate prompt. Please try again.',
    noPromptReturned: 'No prompt returned',
    nothingYet: 'Nothing yet',
    skipForNow: 'Skip for now',
    toneNext: 'AI Prompt Generation',
    /** ours */
    promptTooLong: 'The custom prompt can hold at most 200 words.',
    /** ours */
    occupationTooLong: 'Each occupation can be at most 80 characters.',
    /** ours */
    tooManyOccupations: 'Choose at most 20 occupations.',
    /** ours */
    badTenScale: "Ratings must read 'N/10' with N from 1 to 10.",
    /** ours */
    badThreeScale: "Risk and tone must read 'N/3' with N from 1 to 3.",
  },
  settings: {
    notProvided: 'Not provided',
    notAvailable: 'Not available',
  },
  /** Non-OK HTTP responses throw 'HTTP ' + status + ': ' + status text. */
  httpErrorPrefix: 'HTTP ',
} as const;

export type IdentityMessages = typeof identityMessages;

/**
 * Ours: the sentences of the services' own common errors, each beside its typed code (endpoints.ts).
 * The session one is the session-expired toast of docs/product/identity.md, "Error catalogue", so the answer
 * and the toast read alike.
 */
export const apiMessages = {
  authRequired: 'Authentication required.',
  sessionExpired: identityMessages.toasts.sessionExpired.description,
  notFound: 'Not found.',
  tooMany: 'Too many requests. Please slow down and try again.',
} as const;
