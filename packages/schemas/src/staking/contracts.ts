// The contracts of the staking methods (contract/contract.ts): body, reply and caller of each.
// The web calls them through staking/methods.ts.
export {};
