export * from "./municipality";
export * from "./user";
export * from "./auth";
export * from "./subject";
export * from "./bin";
export * from "./device";
export * from "./list-counts";
export * from "./import";
