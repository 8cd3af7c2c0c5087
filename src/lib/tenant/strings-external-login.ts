/**
 * Default texts of the external login (spec 2 §8 "External login"). Spread into
 * strings.ts's defaultStrings, so a tenant overrides them like any other string. The spec gives
 * 'Please enable cookies and try again' and 'Auth0 could not be initialized. Please try again.'
 * (kept for an Auth0 tenant); a tenant on another provider gets the same sentence with its label.
 */
export const externalLoginStrings = {
  "login.external.button": "Log in with {label}",
  "login.external.or": "or",
  "login.external.title": "Log in with {label}",
  "login.external.cookies": "Please enable cookies and try again",
  "login.external.initFailed": "Auth0 could not be initialized. Please try again.",
  "login.external.initFailedOther": "{label} could not be initialized. Please try again.",
  "login.external.invalidState": "Your login session has expired or was already used.",
  "login.external.unverified":
    "Your email address at {label} is not verified. Please verify it there, then try again.",
  "login.external.refused": "Logging in with {label} was cancelled or refused.",
  "login.external.forward": "Taking you on in {seconds} seconds.",
  "login.external.continue": "Continue",
  "login.external.stay": "Stay on this page",
  "login.external.tryAgain": "Try again",
} as const;
