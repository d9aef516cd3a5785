/**
 * Fee payers (spec 001 §2 'Fee payers', §3 Fee payer, §4 active from/to and memberships, §5 age groups): the
 * rules behind the /v1/municipality/{municipalityId}/fee-payer calls. Every query is filtered by the path's
 * municipality again (docs/decisions/0009); a payer of another municipality is simply not found.
 *
 * The service is split by topic; this index re-exports the topics for routes.ts, the tests and the other modules.
 */
export {
  FEE_PAYER_NOT_FOUND,
  VARIABLE_SYMBOL_TAKEN,
  SUBJECT_NOT_FOUND,
  DISCOUNT_NOT_FOUND,
  DELETE_REFUSED,
  DEACTIVATE_BEFORE_START,
  EMAIL_REQUIRED,
  EMAIL_TAKEN,
  LOGIN_UNAVAILABLE,
} from "./shared";
export * from "./list";
export * from "./write";
export * from "./detail";
export * from "./activity";
export * from "./login";
