/**
 * "Hostile input must give a 4xx, never a 5xx": the operations under /cached_api
 * (tests/helpers/openapi-fuzz-suite.ts). The /api half, with the random combinations, is
 * api-fuzz-openapi.test.ts.
 */
import { fuzzOperationsUnder } from "../../helpers/openapi-fuzz-suite.ts";

fuzzOperationsUnder("/cached_api/", { random: false, minRequests: 10_000 });
