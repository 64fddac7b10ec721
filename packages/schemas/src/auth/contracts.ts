// The contracts of the auth methods (contract/contract.ts): body, reply and caller of each.
// The web calls them through auth/methods.ts.
export {};
