/**
 * Submitting a reserve: addToCart with the campaign, then the spec §8 error handling (sold-out
 * session, code-required dialog with a retry, code-field errors, descriptions). The cart store keeps
 * the server's answer; nothing is updated optimistically.
 */
import { useCallback, useRef, useState } from "react";
import type { CartModifyBody } from "../../lib/api/cart/schemas.ts";
import { ApiClientError } from "../../lib/api/errors.ts";
import { messageText } from "../../lib/domain/messages.ts";
import {
  isExpectedReserveCode,
  RESERVE_MESSAGE,
  type ReserveMessage,
  reserveErrorView,
} from "../../lib/domain/reserve-errors.ts";
import { campaignParams } from "../../lib/domain/reserve-query.ts";
import { addToCart } from "../../lib/stores/cart.ts";
import { useReserveEnv } from "./context.ts";

type AddBody = Pick<CartModifyBody, "add" | "additionalInfo">;

interface SubmitOptions {
  /** Reloads sessions after event_session_sold_out and answers the text to show. */
  onSoldOut?: (sessionId: string | undefined) => Promise<string>;
  onAdded?: () => void;
  /** A failure the screen handles itself (seat_unavailable): answers the text to show instead. */
  onError?: (error: ApiClientError) => string | undefined;
}

export interface CodeDialogState {
  open: boolean;
  error: string | undefined;
  applying: boolean;
}

function asError(error: unknown): ApiClientError {
  if (error instanceof ApiClientError) return error;
  return new ApiClientError(0, []);
}

export function useReserveSubmit({ onSoldOut, onAdded, onError }: SubmitOptions) {
  const { text } = useReserveEnv();
  const say = useCallback((message: ReserveMessage) => messageText(message, text), [text]);
  const unexpected = text(RESERVE_MESSAGE.unexpected);
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const [added, setAdded] = useState(0);
  const [codeDialog, setCodeDialog] = useState<CodeDialogState>({
    open: false,
    error: undefined,
    applying: false,
  });
  const pending = useRef<AddBody | null>(null);

  const send = useCallback(
    async (body: AddBody, codes?: string[]) => {
      const campaign = campaignParams(new URLSearchParams(globalThis.location?.search ?? ""));
      await addToCart({
        ...body,
        ...(Object.keys(campaign).length > 0 ? { campaign } : {}),
        ...(codes ? { preReservePromoCodes: codes } : {}),
      });
      pending.current = null;
      setAdded((n) => n + 1);
      onAdded?.();
    },
    [onAdded],
  );

  const handle = useCallback(
    async (raw: unknown, body: AddBody) => {
      const error = asError(raw);
      const own = onError?.(error);
      if (own !== undefined) {
        setMessage(own);
        return;
      }
      if (!isExpectedReserveCode(error.code))
        console.warn("reserve: unexpected error", error.status, error.code);
      const view = reserveErrorView(error);
      if (view.kind === "soldOut") setMessage(onSoldOut ? await onSoldOut(view.sessionId) : unexpected);
      else if (view.kind === "codeRequired") {
        pending.current = body;
        setCodeDialog({ open: true, error: undefined, applying: false });
      } else setMessage(say(view.message));
    },
    [onSoldOut, onError, say, unexpected],
  );

  const submit = useCallback(
    async (body: AddBody) => {
      setSubmitting(true);
      setMessage(undefined);
      setAdded(0);
      try {
        await send(body);
      } catch (error) {
        await handle(error, body);
      } finally {
        setSubmitting(false);
      }
    },
    [send, handle],
  );

  /** The code dialog's apply: the add is retried with the code applied before the reserve. */
  const applyCode = useCallback(
    async (code: string) => {
      const body = pending.current;
      if (!body) return;
      setCodeDialog({ open: true, error: undefined, applying: true });
      try {
        await send(body, [code]);
        setCodeDialog({ open: false, error: undefined, applying: false });
      } catch (raw) {
        const error = asError(raw);
        const view = reserveErrorView(error);
        if (view.kind === "codeField" || view.kind === "codeRequired" || error.context === "code") {
          const shown =
            view.kind === "codeField" || view.kind === "message" ? say(view.message) : error.description;
          setCodeDialog({ open: true, error: shown || unexpected, applying: false });
        } else {
          setCodeDialog({ open: false, error: undefined, applying: false });
          await handle(error, body);
        }
      }
    },
    [send, handle, say, unexpected],
  );

  const closeCodeDialog = useCallback(() => {
    pending.current = null;
    setCodeDialog({ open: false, error: undefined, applying: false });
  }, []);

  return { submit, submitting, message, setMessage, added, codeDialog, applyCode, closeCodeDialog };
}

export type ReserveSubmit = ReturnType<typeof useReserveSubmit>;
