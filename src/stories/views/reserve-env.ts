/**
 * The reserve context the gallery gives the reserve components: the real env over the fixture
 * props, with an API that never answers (the stories pass their data in as props).
 */

import { type ReserveEnv, reserveEnv } from "../../islands/reserve/context.ts";
import type { ReserveIslandProps } from "../../islands/reserve/props.ts";
import type { ReserveApi } from "../../lib/api/cart/reserve-client.ts";

const offline = (): Promise<never> => Promise.reject(new Error("The gallery makes no API call."));
const OFFLINE_API = new Proxy({}, { get: () => offline }) as ReserveApi;

export function storyReserveEnv(props: ReserveIslandProps): ReserveEnv {
  return reserveEnv(props, OFFLINE_API);
}
