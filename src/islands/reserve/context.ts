/** What every part of the reserve island shares: its props, the read API, strings and money. */
import { createContext, useContext } from "react";
import type { ReserveApi } from "../../lib/api/cart/reserve-client.ts";
import { formatMoney } from "../../lib/domain/money.ts";
import { format } from "../../lib/tenant/string-format.ts";
import type { ReserveStrings } from "../../lib/tenant/strings.ts";
import type { ReserveIslandProps } from "./props.ts";

export interface ReserveEnv {
  props: ReserveIslandProps;
  api: ReserveApi;
  text: (key: keyof ReserveStrings, vars?: Record<string, string | number>) => string;
  money: (minor: number) => string;
}

export const ReserveContext = createContext<ReserveEnv | null>(null);

export function reserveEnv(props: ReserveIslandProps, api: ReserveApi): ReserveEnv {
  return {
    props,
    api,
    text: (key, vars) => format(props.strings[key], vars),
    money: (minor) => formatMoney(minor, props.currency, props.locale),
  };
}

export function useReserveEnv(): ReserveEnv {
  const env = useContext(ReserveContext);
  if (!env) throw new Error("Reserve components need the ReserveContext.");
  return env;
}
