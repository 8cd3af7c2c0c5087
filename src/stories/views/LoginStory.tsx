/**
 * The login steps, each in its error state reached the way a shopper reaches it: the e-mail step
 * with a malformed address, the password and member ID steps sent empty, the passcode step with a
 * wrong code (attempts left), and the copy-the-code step.
 */
import { useMemo } from "react";
import { EmailStep } from "../../islands/login/EmailStep.tsx";
import { loginTranslator } from "../../islands/login/login-strings.ts";
import { MemberIdForm } from "../../islands/login/MemberIdForm.tsx";
import { OtpUnavailableStep } from "../../islands/login/OtpUnavailableStep.tsx";
import { PasscodeStep, VerifyFailure } from "../../islands/login/PasscodeStep.tsx";
import { PasswordStep } from "../../islands/login/PasswordStep.tsx";
import type { StoryData } from "../fixtures/index.ts";
import { Frame, SubmittedOnMount } from "./Frame.tsx";

const noop = () => undefined;
const nothing = async () => undefined;
const EMAIL = "ada@example.org";

export function LoginStory({ data }: { data: StoryData }) {
  const tr = useMemo(() => loginTranslator(data.strings.login), [data.strings.login]);
  return (
    <>
      <Frame title="E-mail step, a malformed address">
        <SubmittedOnMount>
          <EmailStep
            tr={tr}
            level={3}
            email="ada@example"
            onEmail={noop}
            onContinue={nothing}
            continueSends={false}
            onUsePasscode={nothing}
          />
        </SubmittedOnMount>
      </Frame>
      <Frame title="Password step, sent empty">
        <SubmittedOnMount>
          <PasswordStep
            tr={tr}
            level={3}
            email={EMAIL}
            forgotHref={`${data.base}/user/forgot-password`}
            onSubmit={nothing}
            onBack={noop}
            onUsePasscode={noop}
          />
        </SubmittedOnMount>
      </Frame>
      <Frame title="Passcode step, a wrong code">
        <PasscodeStep
          tr={tr}
          level={3}
          email={EMAIL}
          token="story"
          initialCode="123456"
          autoSubmit
          onVerify={() => Promise.reject(new VerifyFailure("otp_incorrect", 2))}
          onRequestNew={async () => false}
          onBack={noop}
          onUsePassword={noop}
        />
      </Frame>
      <Frame title="Copy the code (opened in another browser)">
        <OtpUnavailableStep tr={tr} level={3} code="482913" onBack={noop} />
      </Frame>
      <Frame title="Member ID, sent empty">
        <SubmittedOnMount>
          <MemberIdForm
            tr={tr}
            level={3}
            second="zip_code"
            initial={{ scanCode: "", second: "" }}
            forgotHref={null}
            onSubmit={nothing}
          />
        </SubmittedOnMount>
      </Frame>
    </>
  );
}
