// The contracts of the kyc methods (contract/contract.ts): body, reply and caller of each.
// The web calls them through kyc/methods.ts.
export {};
