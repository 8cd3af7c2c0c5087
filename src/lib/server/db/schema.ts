/**
 * The whole database schema, one import for the services and drizzle-kit. Each table lives in the
 * file of its capability; those files import each other's tables directly, never this barrel, so
 * the schema has no import circle.
 */
export * from "./schema-admin.ts";
export * from "./schema-auth.ts";
export * from "./schema-cart.ts";
export * from "./schema-catalogue.ts";
export * from "./schema-external-login.ts";
export * from "./schema-gate.ts";
export * from "./schema-mail.ts";
export * from "./schema-orders.ts";
export * from "./schema-waiting-list.ts";
export * from "./schema-waiting-room.ts";
