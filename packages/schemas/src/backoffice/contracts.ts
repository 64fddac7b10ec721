// The contracts of the backoffice methods (contract/contract.ts): body, reply and caller of each.
// The web calls them through backoffice/methods.ts.
export {};
