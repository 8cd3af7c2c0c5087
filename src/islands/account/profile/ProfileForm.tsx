/**
 * The profile's identity form (spec 2 §3, §5): name and e-mail shown read-only; phone,
 * address, city, country, state (province in Canada) and ZIP editable, checked by
 * domain/account/profile.ts before PATCH my/user/{id}; the saved fields are named in the status.
 * Under prevent_membership_updates a member sees the fields disabled with the reason.
 */
import { type FormEvent, useId, useState } from "react";
import {
  maxLengthOf,
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileProblem,
  type ProfileValues,
  profileChanges,
  profileProblems,
  profileValuesOf,
} from "../../../lib/domain/account/profile.ts";
import { COUNTRIES, regionsOf, regionWord } from "../../../lib/domain/account/profile-places.ts";
import { AccountField } from "../../ui/AccountField.tsx";
import { ChoiceSelect } from "../../ui/ChoiceInput.tsx";
import { IslandForm } from "../../ui/IslandForm.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { type AccountStrings, accountTranslator } from "../account-strings.ts";
import { saveProfile } from "./profile-calls.ts";

export interface ProfileFormProps {
  seller: string;
  identityId: string;
  initial: ProfileValues;
  /** False under prevent_membership_updates for a member. */
  editable: boolean;
  strings: AccountStrings;
}

const LABEL_KEYS = {
  phone: "account.profile.phone",
  address: "account.profile.address",
  city: "account.profile.city",
  country: "account.profile.country",
  state: "account.profile.state",
  zip_code: "account.profile.zip",
} as const;

const AUTOCOMPLETE: Record<ProfileField, string> = {
  phone: "tel",
  address: "street-address",
  city: "address-level2",
  country: "country",
  state: "address-level1",
  zip_code: "postal-code",
};

type Problems = Partial<Record<ProfileField, string>>;

export function ProfileForm({ seller, identityId, initial, editable, strings }: ProfileFormProps) {
  const tr = accountTranslator(strings);
  const id = useId();
  const [saved, setSaved] = useState<ProfileValues>(initial);
  const [values, setValues] = useState<ProfileValues>(initial);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const regions = regionsOf(values.country);
  const regionLabel = tr(
    regionWord(values.country) === "province" ? "account.profile.province" : "account.profile.state",
  );
  // A UK address has a postcode; everywhere else the field keeps the spec's "ZIP code".
  const labelOf = (field: ProfileField) =>
    field === "state"
      ? regionLabel
      : field === "zip_code" && values.country === "GB"
        ? tr("account.profile.postcode")
        : tr(LABEL_KEYS[field]);

  const problemText = (field: ProfileField, problem: ProfileProblem): string => {
    const region = regionLabel.toLowerCase();
    switch (problem) {
      case "tooLong":
        return tr("account.profile.problem.tooLong", { max: maxLengthOf(field) });
      case "regionRequired":
        return tr("account.profile.problem.regionRequired", { region });
      case "invalidRegion":
        return tr("account.profile.problem.invalidRegion", { region });
      default:
        return tr(`account.profile.problem.${problem}`);
    }
  };

  const set = (field: ProfileField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !editable) return;
    setStatus(null);
    setAlert(null);
    const found = profileProblems(values, saved);
    const texts: Problems = {};
    for (const field of PROFILE_FIELDS) {
      const problem = found[field];
      if (problem) texts[field] = problemText(field, problem);
    }
    setProblems(texts);
    if (Object.keys(texts).length) {
      setAlert(tr("account.profile.validation"));
      return;
    }
    const changes = profileChanges(values, saved);
    const changed = PROFILE_FIELDS.filter((field) => Object.hasOwn(changes, field));
    if (!changed.length) {
      setStatus(tr("account.profile.nothingChanged"));
      return;
    }
    setBusy(true);
    const outcome = await saveProfile(seller, identityId, changes);
    setBusy(false);
    if (outcome.ok) {
      const info = outcome.value.identity._data[0]?.additional_info ?? {};
      const next = profileValuesOf(info);
      setSaved(next);
      setValues(next);
      setStatus(tr("account.profile.saved", { fields: changed.map(labelOf).join(", ") }));
      return;
    }
    const { failure } = outcome;
    const field = PROFILE_FIELDS.find((f) => f === failure.field);
    if (failure.status === 400 && field) setProblems({ [field]: failure.description });
    setAlert(failure.description || tr("account.error.unexpected"));
  }

  const select = (field: "country" | "state", options: readonly { code: string; name: string }[]) => {
    const selectId = `${id}-${field}`;
    const errorId = `${selectId}-error`;
    const error = problems[field];
    const known = options.some((o) => o.code === values[field]);
    return (
      <div className={`account-field${error ? " account-field--invalid" : ""}`}>
        <label htmlFor={selectId}>{labelOf(field)}</label>
        <ChoiceSelect
          id={selectId}
          name={field}
          value={values[field]}
          disabled={!editable}
          required={field === "state"}
          autoComplete={AUTOCOMPLETE[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => set(field)(event.currentTarget.value)}
        >
          <option value="">{tr("account.profile.choose")}</option>
          {!known && values[field] && <option value={values[field]}>{values[field]}</option>}
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </ChoiceSelect>
        {error && (
          <p id={errorId} className="account-field__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  const text = (field: "phone" | "address" | "city" | "zip_code") => (
    <AccountField
      label={labelOf(field)}
      name={field}
      value={values[field]}
      onChange={set(field)}
      error={problems[field]}
      type={field === "phone" ? "tel" : "text"}
      autoComplete={AUTOCOMPLETE[field]}
      maxLength={maxLengthOf(field)}
      required={false}
      disabled={!editable}
    />
  );

  return (
    <IslandForm
      className="account-form profile-form"
      noValidate
      aria-label={tr("account.profile.details")}
      onSubmit={(event) => void submit(event)}
    >
      {!editable && <p className="profile-form__locked">{tr("account.profile.membershipLocked")}</p>}
      {text("phone")}
      {text("address")}
      {text("city")}
      {select("country", COUNTRIES)}
      {regions && select("state", regions)}
      {text("zip_code")}
      <div className="account-form__alert" role="alert">
        {alert}
      </div>
      {editable && (
        <SubmitButton busy={busy} label={tr("account.profile.save")} busyLabel={tr("account.saving")} />
      )}
      <p className="account-form__status" role="status">
        {status}
      </p>
    </IslandForm>
  );
}
