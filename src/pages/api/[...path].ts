import { handleApiRequest } from "../../lib/server/http/astro-endpoint.ts";

export const prerender = false;
export const ALL = handleApiRequest;
