/**
 * "Hostile input must give a 4xx, never a 5xx": the operations under /api, and random
 * combinations of hostile queries and bodies (tests/helpers/openapi-fuzz-suite.ts). The /cached_api
 * half is api-fuzz-openapi-cached.test.ts, so the two run side by side.
 */
import { fuzzOperationsUnder } from "../../helpers/openapi-fuzz-suite.ts";

fuzzOperationsUnder("/api/", { random: true, minRequests: 10_000 });
