/**
 * Password rules (spec 1 §5, spec 2 §5): at least 8 characters; no leading or trailing whitespace;
 * printable characters only (space to tilde); at least 3 of 4 classes (uppercase, lowercase, digit,
 * special). Max 254 (spec 1 §5 identity form). The requirements list turns green or red only once
 * the field is non-empty. A password that fails is refused with "Invalid password".
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 254;
export const PASSWORD_CLASSES_NEEDED = 3;
export const INVALID_PASSWORD = "Invalid password";
export const PASSWORDS_MUST_MATCH = "Passwords must match.";

export type PasswordRequirement = "length" | "noEdgeSpace" | "printable" | "classes";

/** The requirements in the order the list shows them, with their default texts. */
export const PASSWORD_REQUIREMENTS: readonly { id: PasswordRequirement; text: string }[] = [
  { id: "length", text: `At least ${PASSWORD_MIN} characters` },
  { id: "noEdgeSpace", text: "No spaces at the start or end" },
  { id: "printable", text: "Only letters, digits, spaces and symbols found on a keyboard" },
  {
    id: "classes",
    text: `At least ${PASSWORD_CLASSES_NEEDED} of: an uppercase letter, a lowercase letter, a digit, a special character`,
  },
];

const PRINTABLE = /^[\x20-\x7e]*$/;

/** How many of the 4 classes (uppercase, lowercase, digit, special) the password uses. */
export function passwordClassCount(password: string): number {
  return [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
}

/** Whether each requirement is met. */
export function checkPassword(password: string): Record<PasswordRequirement, boolean> {
  return {
    length: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    noEdgeSpace: password.length > 0 && password === password.trim(),
    printable: password.length > 0 && PRINTABLE.test(password),
    classes: passwordClassCount(password) >= PASSWORD_CLASSES_NEEDED,
  };
}

export function isValidPassword(password: string): boolean {
  return Object.values(checkPassword(password)).every(Boolean);
}

/** A requirement's display state: neutral while the field is empty, then met or unmet. */
export type RequirementState = "neutral" | "met" | "unmet";

export function requirementStates(password: string): Record<PasswordRequirement, RequirementState> {
  const checks = checkPassword(password);
  const state = (met: boolean): RequirementState =>
    password.length === 0 ? "neutral" : met ? "met" : "unmet";
  return {
    length: state(checks.length),
    noEdgeSpace: state(checks.noEdgeSpace),
    printable: state(checks.printable),
    classes: state(checks.classes),
  };
}
