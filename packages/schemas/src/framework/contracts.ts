// The contracts of the framework methods (contract/contract.ts): body, reply and caller of each.
// The web calls them through framework/methods.ts.
export {};
