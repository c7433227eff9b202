// The API contract: importable anywhere (browser included), no server imports.
export * from "./enums";
export * from "./scopes";
export * from "./errors";
export * from "./pagination";
export * from "./country";
export * from "./employment";
export * from "./company";
export * from "./oauth";
export * from "./webhooks";
export * from "./payslips";
export * from "./custom-fields";
export * from "./contract-amendments";
export * from "./outstanding-payments";
export * from "./timeoff";
export * from "./expenses";
export * from "./incentives";
export * from "./offboardings";
