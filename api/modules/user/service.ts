/**
 * Users (spec 000 §6, spec 001 §5–6): the rules behind the /v1/user calls. The service is split by topic; this
 * index re-exports the topics for routes.ts, the tests and the other modules.
 */
export { USER_NOT_FOUND } from "./shared";
export * from "./list";
export * from "./write";
export * from "./user-name";
export * from "./profile";
export * from "./sessions";
export * from "./info";
