// The contracts of the liquid methods (contract/contract.ts): body, reply and caller of each.
// The web calls them through liquid/methods.ts.
export {};
