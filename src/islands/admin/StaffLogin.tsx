/**
 * The back office login: e-mail and password, then the authenticator's code when the account has
 * one, or, when it must have one and has none yet, its setup (the key to type into the app, a
 * code to confirm it, and the ten recovery codes to keep). Success goes to the back office.
 * The words are the staff tool's own (English); the server's error texts are shown as they come.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { TextField } from "../ui/TextField.tsx";

export interface StaffLoginProps {
  seller: string;
  /** Where the back office starts: /{seller}/admin. */
  home: string;
  /** The session's state when the page loaded (a code owed, a setup due), else null. */
  initialStep: "second_factor" | "setup_second_factor" | null;
}

type Step = "password" | "second_factor" | "setup_second_factor" | "recovery_codes";

const FAILED = "Something went wrong. Please try again.";

export default function StaffLogin({ seller, home, initialStep }: StaffLoginProps) {
  const api = adminApi(browserClient(), seller);
  const [step, setStep] = useState<Step>(initialStep ?? "password");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<{ secret: string; uri: string; qr_svg: string } | null>(null);
  const [recovery, setRecovery] = useState<string[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);

  // Each new step takes the focus to its heading, so a screen reader hears where it is.
  useEffect(() => {
    if (step !== "password") heading.current?.focus();
  }, [step]);

  useEffect(() => {
    if (step !== "setup_second_factor" || secret) return;
    api
      .startTotp()
      .then((a) => setSecret(a.totp._data[0] ?? null))
      .catch((e: unknown) => setError(shopperMessage(e, FAILED)));
  }, [step, secret, api]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(shopperMessage(e, FAILED));
    } finally {
      setBusy(false);
    }
  }

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!email || !password) {
      setError("Enter your e-mail address and password.");
      return;
    }
    void run(async () => {
      const answer = await api.login(email, password);
      const state = answer.staff_session._data[0]?.state;
      if (state === "active") window.location.assign(home);
      else if (state) setStep(state);
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError("Enter the code.");
      return;
    }
    void run(async () => {
      if (step === "second_factor") {
        await api.secondFactor(code);
        window.location.assign(home);
        return;
      }
      const answer = await api.confirmTotp(code);
      setRecovery(answer.recovery_code._data);
      setStep("recovery_codes");
    });
  };

  const errorBox = error ? (
    <p className="admin-login__error" role="alert">
      {error}
    </p>
  ) : null;

  if (step === "password") {
    return (
      <IslandForm noValidate onSubmit={submitPassword} className="admin-login">
        {errorBox}
        <TextField
          base="admin-field"
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          required
        />
        <TextField
          base="admin-field"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          required
        />
        <SubmitButton busy={busy} label="Log in" busyLabel="Logging in…" />
      </IslandForm>
    );
  }

  if (step === "recovery_codes") {
    return (
      <section className="admin-login">
        <h2 ref={heading} tabIndex={-1}>
          Your recovery codes
        </h2>
        <p>
          Keep these ten codes somewhere safe, away from your phone. Each one logs you in once if you lose
          your authenticator. They are shown only now.
        </p>
        <ul className="admin-login__codes">
          {recovery.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <a className="button" href={home}>
          I have kept them: go to the back office
        </a>
      </section>
    );
  }

  const setup = step === "setup_second_factor";
  return (
    <IslandForm noValidate onSubmit={submitCode} className="admin-login">
      <h2 ref={heading} tabIndex={-1}>
        {setup ? "Set up your authenticator" : "Enter your code"}
      </h2>
      {setup ? (
        <>
          <p>
            Your role needs a second factor. Scan this code with an authenticator app (such as a password
            manager or an authenticator on your phone), or type the key into it, then enter the 6-digit code
            it shows.
          </p>
          {secret && (
            // The server's own rendering of the otpauth:// URI (qrcode package), never tenant text.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the server drew from the secret
            <div className="admin-login__qr" dangerouslySetInnerHTML={{ __html: secret.qr_svg }} />
          )}
          <p className="admin-login__secret">
            Key: <code>{secret ? secret.secret.replace(/(.{4})/g, "$1 ").trim() : "…"}</code>
          </p>
          {secret && (
            <p>
              <a href={secret.uri}>Open in an authenticator app on this device</a>
            </p>
          )}
        </>
      ) : (
        <p>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      )}
      {errorBox}
      <TextField
        base="admin-field"
        label={setup ? "Code from the app" : "Code"}
        name="code"
        autoComplete="one-time-code"
        inputMode={setup ? "numeric" : "text"}
        value={code}
        onChange={setCode}
        required
      />
      <SubmitButton busy={busy} label={setup ? "Turn on" : "Continue"} busyLabel="Checking…" />
    </IslandForm>
  );
}
