/**
 * Spec 2 §8 "An Invalid state error navigates forward, with the session message shown for about 5
 * seconds. Tenant auth error redirect wait is 5 s." The callback page's move on: after `seconds`
 * the browser goes to `href`; 'Continue' goes now, and 'Stay on this page' stops the timer (WCAG
 * 2.2.1: a time limit the visitor can turn off, which a meta refresh is not). Without JavaScript
 * the link stays.
 */
import "./login.css";
import { useEffect, useState } from "react";

export interface TimedForwardProps {
  href: string;
  seconds: number;
  /** 'Taking you on in {seconds} seconds.', filled on the server. */
  notice: string;
  continueLabel: string;
  stayLabel: string;
}

export default function TimedForward(props: TimedForwardProps) {
  const [running, setRunning] = useState(false);
  useEffect(() => {
    setRunning(true);
  }, []);
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => location.assign(props.href), props.seconds * 1000);
    return () => window.clearTimeout(timer);
  }, [running, props.href, props.seconds]);
  return (
    <p className="timed-forward">
      {running && `${props.notice} `}
      <a href={props.href}>{props.continueLabel}</a>
      {running && (
        <>
          {" "}
          <button type="button" className="login-link-button" onClick={() => setRunning(false)}>
            {props.stayLabel}
          </button>
        </>
      )}
    </p>
  );
}
