/**
 * The reserve islands' environment in the browser: the ticketing API over HTTP (cached reads and
 * fresh ones) for one seller, with the island's texts and money format. One place for the event
 * page's reserve island and the manage pages that reuse its calendar and seat map.
 */
import { useMemo } from "react";
import { browserClients } from "../../lib/api/browser.ts";
import { reserveApi } from "../../lib/api/cart/reserve-client.ts";
import { type ReserveEnv, reserveEnv } from "./context.ts";
import type { ReserveIslandProps } from "./props.ts";

export function useBrowserReserveEnv(props: ReserveIslandProps, seller: string = props.seller): ReserveEnv {
  return useMemo(() => {
    return reserveEnv(props, reserveApi(browserClients(), seller));
  }, [props, seller]);
}
