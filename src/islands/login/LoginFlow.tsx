/**
 * The login screens as one flow (spec 1 §2 "Login screens", §4 "Login"): the e-mail step, then the
 * password or passcode step, the otp_unavailable step, and the member ID forms, per the tenant's
 * login modes. Used by the login page and, without the forgot-password link, by the
 * login-or-guest modal. Focus moves to the step heading on each step change; errors are alerts.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { LoginAnswer, LoginBody } from "../../lib/api/auth/schemas.ts";
import { failureOf } from "../../lib/api/errors.ts";
import { LOGIN_MESSAGE } from "../../lib/domain/login-input.ts";
import {
  emailStepNext,
  hasEmailStep,
  type LoginPrefill,
  loginError,
  loginForms,
  type MemberIdSecond,
  offersPasscodeInstead,
} from "../../lib/domain/login-steps.ts";
import { EmailStep } from "./EmailStep.tsx";
import { ExternalLoginButton, type ExternalLoginOption } from "./ExternalLoginButton.tsx";
import { localCartId, loginApi, storedPasscodeToken, storePasscodeToken } from "./login-calls.ts";
import { type LoginTranslate, loginMessage } from "./login-strings.ts";
import { MemberIdForm, type MemberIdValues } from "./MemberIdForm.tsx";
import { OtpUnavailableStep } from "./OtpUnavailableStep.tsx";
import { PasscodeStep, VerifyFailure } from "./PasscodeStep.tsx";
import { PasswordStep } from "./PasswordStep.tsx";
import { rememberLoginEmail } from "./remembered-email.ts";

export interface LoginFlowProps {
  seller: string;
  /** The router base for links; default `/{seller}` ("" on the tenant's own host name). */
  base?: string | undefined;
  modes: readonly string[];
  tr: LoginTranslate;
  prefill: LoginPrefill;
  /** Where the passcode mail's link lands (request_otp redirect_path). */
  redirectPath: string;
  /** False in the login-or-guest modal (spec 1 §2). */
  showForgot: boolean;
  level: 2 | 3;
  /** The login page reads (and removes) the `otp` query parameter. */
  readOtpFromUrl?: boolean;
  /** An error to show first (a failed member_code login from the query). */
  initialError?: string | undefined;
  onSuccess: (answer: LoginAnswer) => Promise<void>;
  /** The tenant's external login: its button leads the first step. None: not configured. */
  external?: ExternalLoginOption | null | undefined;
}

type Step = "email" | "password" | "otp_form" | "otp_unavailable";

/** POST login with a member ID and its second field (spec 1 §3 "Login fields"). */
function memberBody(second: MemberIdSecond, values: MemberIdValues, cartId: string | undefined): LoginBody {
  const base = { credential_type: "scan_code" as const, scan_code: values.scanCode, cart_id: cartId };
  if (second === "zip_code") return { ...base, zip_code: values.second };
  if (second === "last_name") return { ...base, last_name: values.second };
  return { ...base, password: values.second };
}

/** Focuses the step heading after a step change (not on the first render). */
function useStepFocus(step: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step change is the trigger.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [step]);
  return ref;
}

export function LoginFlow(props: LoginFlowProps) {
  const { seller, tr, level, onSuccess } = props;
  const forms = loginForms(props.modes);
  const base = props.base ?? `/${seller}`;
  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState(props.prefill.email);
  const [token, setToken] = useState("");
  const [otp, setOtp] = useState<{ code: string; auto: boolean } | null>(null);
  const [alert, setAlert] = useState<ReactNode>(props.initialError ?? null);
  const [done, setDone] = useState(false);
  const headingRef = useStepFocus(step);

  // Spec 1 §2: the otp parameter prefills the code, is removed from the address at once, and is
  // submitted automatically; without this browser's token the code is shown to copy instead.
  useEffect(() => {
    if (!props.readOtpFromUrl) return;
    const url = new URL(location.href);
    const code = url.searchParams.get("otp");
    if (code === null) return;
    url.searchParams.delete("otp");
    history.replaceState(history.state, "", `${url.pathname}${url.search}${url.hash}`);
    const stored = storedPasscodeToken(seller);
    if (stored) {
      setEmail(stored.email);
      setToken(stored.token);
      setOtp({ code: code.slice(0, 6), auto: true });
      setStep("otp_form");
    } else {
      setOtp({ code: code.slice(0, 12), auto: false });
      setStep("otp_unavailable");
    }
  }, [props.readOtpFromUrl, seller]);

  function go(next: Step) {
    setAlert(null);
    setStep(next);
  }

  async function succeed(answer: LoginAnswer) {
    setDone(true);
    setAlert(null);
    await onSuccess(answer);
  }

  function showLoginError(code: string, second: MemberIdSecond | null, retryAfter: unknown = null) {
    const error = loginError(code, second, retryAfter);
    const message = loginMessage(tr, error.message);
    const forgot = props.showForgot ? `${base}/user/forgot-password` : null;
    setAlert(
      error.kind === "incorrect_password" && forgot ? (
        <p>
          {message} <a href={forgot}>{tr("login.password.forgot")}</a>
        </p>
      ) : (
        <p>{message}</p>
      ),
    );
  }

  async function send(body: LoginBody, second: MemberIdSecond | null) {
    setAlert(null);
    try {
      const answer = await (await loginApi(seller)).login(body);
      await succeed(answer);
    } catch (error) {
      const failure = failureOf(error);
      showLoginError(failure.code, second, failure.extra.retry_after);
    }
  }

  async function requestCode(address: string): Promise<boolean> {
    setAlert(null);
    try {
      const answer = await (await loginApi(seller)).requestOtp({
        email: address,
        redirect_path: props.redirectPath,
      });
      storePasscodeToken(seller, { token: answer.token, email: address });
      setToken(answer.token);
      return true;
    } catch (error) {
      const failure = failureOf(error);
      showLoginError(failure.code, null, failure.extra.retry_after);
      return false;
    }
  }

  async function verify(code: string) {
    try {
      const answer = await (await loginApi(seller)).verifyOtp({
        token,
        otp: code,
        cart_id: localCartId(seller),
      });
      await succeed(answer);
    } catch (error) {
      const failure = failureOf(error);
      const left = failure.extra.attempts_left;
      throw new VerifyFailure(
        failure.code,
        typeof left === "number" ? left : null,
        failure.extra.retry_after,
      );
    }
  }

  if (done) {
    return (
      <p className="login-status" role="status">
        {tr("login.success")}
      </p>
    );
  }

  const forgotPassword = props.showForgot ? `${base}/user/forgot-password` : null;
  const forgotMembership = props.showForgot ? `${base}/user/forgot-membership` : null;
  const cartId = () => localCartId(seller);
  const emailStep = hasEmailStep(forms);

  return (
    <div className="login-flow">
      <div className="login-alert" role="alert">
        {alert}
      </div>
      {step === "email" && props.external && (
        <ExternalLoginButton
          seller={seller}
          option={props.external}
          tr={tr}
          divider={emailStep || forms.memberId.length > 0}
        />
      )}
      {step === "email" && emailStep && (
        <EmailStep
          ref={headingRef}
          tr={tr}
          level={level}
          email={email}
          onEmail={setEmail}
          continueSends={emailStepNext(forms) === "passcode"}
          onContinue={async (address) => {
            setEmail(address);
            rememberLoginEmail(seller, address);
            if (emailStepNext(forms) === "password") go("password");
            else if (await requestCode(address)) go("otp_form");
          }}
          onUsePasscode={
            offersPasscodeInstead(forms)
              ? async (address) => {
                  setEmail(address);
                  rememberLoginEmail(seller, address);
                  if (await requestCode(address)) go("otp_form");
                }
              : undefined
          }
        />
      )}
      {step === "password" && (
        <PasswordStep
          ref={headingRef}
          tr={tr}
          level={level}
          email={email}
          forgotHref={forgotPassword}
          onSubmit={(password) =>
            send({ credential_type: "password", username: email, password, cart_id: cartId() }, null)
          }
          onBack={() => go("email")}
          onUsePasscode={
            forms.passcode
              ? async () => {
                  if (await requestCode(email)) go("otp_form");
                }
              : undefined
          }
        />
      )}
      {step === "otp_form" && (
        <PasscodeStep
          ref={headingRef}
          tr={tr}
          level={level}
          email={email}
          token={token}
          initialCode={otp?.auto ? otp.code : ""}
          autoSubmit={otp?.auto === true}
          onVerify={verify}
          onRequestNew={async () => {
            setOtp(null);
            return requestCode(email);
          }}
          onBack={() => go("email")}
          onUsePassword={forms.password ? () => go("password") : undefined}
        />
      )}
      {step === "otp_unavailable" && otp && (
        <OtpUnavailableStep
          ref={headingRef}
          tr={tr}
          level={level}
          code={otp.code}
          onBack={() => go("email")}
        />
      )}
      {step === "email" &&
        forms.memberId.map((second, index) => (
          <div key={second}>
            {(emailStep || index > 0) && <hr className="login-divider" />}
            <MemberIdForm
              tr={tr}
              level={level}
              second={second}
              initial={{
                scanCode: props.prefill.scan_code,
                second:
                  second === "zip_code"
                    ? props.prefill.zip_code
                    : second === "last_name"
                      ? props.prefill.last_name
                      : "",
              }}
              forgotHref={forgotMembership}
              onSubmit={(values: MemberIdValues) => send(memberBody(second, values, cartId()), second)}
            />
          </div>
        ))}
      {!emailStep && forms.memberId.length === 0 && !props.external && (
        <p>{tr(LOGIN_MESSAGE.loginDisabled)}</p>
      )}
    </div>
  );
}
