/** The code-required and login-or-guest dialogs, and the membership form. */
import { useMemo, useState } from "react";
import { LoginOrGuestDialog } from "../../islands/login/LoginOrGuestDialog.tsx";
import { loginTranslator } from "../../islands/login/login-strings.ts";
import MembershipForm from "../../islands/membership/MembershipForm.tsx";
import { CodeRequiredDialog } from "../../islands/reserve/CodeRequiredDialog.tsx";
import { ReserveContext } from "../../islands/reserve/context.ts";
import { installFixtureFetch } from "../fixture-fetch.ts";
import type { StoryData } from "../fixtures/index.ts";
import { storyReserveEnv } from "./reserve-env.ts";

const noop = () => undefined;

export function CodeRequiredStory({ data }: { data: StoryData }) {
  const env = useMemo(() => storyReserveEnv(data.reserve), [data.reserve]);
  return (
    <ReserveContext.Provider value={env}>
      <CodeRequiredDialog
        state={{ open: true, error: "This code is not valid for these tickets.", applying: false }}
        onApply={noop}
        onClose={noop}
      />
    </ReserveContext.Provider>
  );
}

export function LoginOrGuestStory({ data }: { data: StoryData }) {
  const tr = useMemo(() => loginTranslator(data.strings.login), [data.strings.login]);
  return (
    <LoginOrGuestDialog
      open
      seller={data.seller}
      base={data.base}
      modes={data.membership.loginModes}
      tr={tr}
      redirectPath={data.membership.path}
      onGuest={noop}
      onLoggedIn={async () => undefined}
      onClose={noop}
    />
  );
}

export function MembershipStory({ data }: { data: StoryData }) {
  // The form has its level rules in its props. The gallery answers no API call (the member's
  // memberships get 503, so the form shows no previous membership), installed before the first render.
  useState(() => {
    installFixtureFetch({});
    return null;
  });
  return <MembershipForm {...data.membership} />;
}
