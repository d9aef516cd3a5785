/**
 * Bins (waste evidence headers): spec 001 §2 'Waste bins / waste evidence headers', §3, §4 states and history, §8 code
 * assignment errors; spec 000 §7 search-by-barcode and find-code-by-barcode (docs/api-bins.md "Bins",
 * docs/decisions/0012). Every function takes the municipality of the path and filters every query by it: a bin of
 * another municipality is simply not found.
 *
 * The service is split by topic; this index re-exports the topics for routes.ts and the other modules.
 */
export { binNotFound, findHeader } from "./shared";
export * from "./list";
export * from "./detail";
export * from "./dispose";
export * from "./assign";
export * from "./states";
export * from "./barcode";
