/**
 * The waiting list's calls: join a sold-out session's list, read a place in it, leave it with the
 * leave link's token, read and decline an offer with the offer link's token.
 */
import type { ApiClient } from "../client.ts";
import { type JoinBody, joinedAnswer, leftAnswer, offerAnswer, positionAnswer } from "./schemas.ts";

export function waitingListApi(client: ApiClient, seller: string) {
  const q = { _seller: seller };
  return {
    join(body: JoinBody) {
      return client.send("POST", "waiting_list", q, body, joinedAnswer);
    },
    position(entryId: string) {
      return client.get(`waiting_list/${encodeURIComponent(entryId)}`, q, positionAnswer);
    },
    leave(token: string) {
      return client.send("POST", "waiting_list/leave", q, { token }, leftAnswer);
    },
    offer(token: string) {
      return client.send("POST", "waiting_list/offer", q, { token }, offerAnswer);
    },
    decline(token: string) {
      return client.send("POST", "waiting_list/offer/decline", q, { token }, leftAnswer);
    },
  };
}

export type WaitingListApi = ReturnType<typeof waitingListApi>;
