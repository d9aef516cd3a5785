/**
 * Collection points (subjects): spec 001 §2 'Collection points (subjects)', §3 Subject, §4. Every function takes
 * the municipality of the path and filters every query by it (docs/decisions/0009): a subject of another
 * municipality is simply not found.
 *
 * The service is split by topic; this index re-exports the topics for routes.ts and the other modules.
 */
export { findSubject, MAX_HIERARCHY_DEPTH, subjectNotFound } from "./shared";
export * from "./list";
export * from "./detail";
export * from "./write";
export * from "./members";
export * from "./cards";
export * from "./fees";
