// react-query keys and options, importable by server pages and client islands alike.
export * from "./scope";
export * from "./query-client";
export * from "./employments";
export * from "./company";
