// The web's references to the kyc contracts (contract/contract.ts `ref`), one object per service
// as the wire names it: typed by the contracts, free of their schemas.
import { ref } from '../contract/contract.ts';
import type * as c from './contracts.ts';

export const Cynopsis = {
  GetAccessToken: ref<typeof c.getAccessToken>('Cynopsis', 'GetAccessToken'),
  CompleteLiveness: ref<typeof c.completeLiveness>('Cynopsis', 'CompleteLiveness'),
  FaceCompare: ref<typeof c.faceCompare>('Cynopsis', 'FaceCompare'),
  DocOCR: ref<typeof c.docOcr>('Cynopsis', 'DocOCR'),
  GetIdentityChecks: ref<typeof c.getIdentityChecks>('Cynopsis', 'GetIdentityChecks'),
} as const;

export const KycPerson = {
  AcceptDisclosures: ref<typeof c.acceptDisclosures>('KycPerson', 'AcceptDisclosures'),
  SendBusinessAccountRequestEmail: ref<typeof c.sendBusinessAccountRequestEmail>(
    'KycPerson',
    'SendBusinessAccountRequestEmail',
  ),
  SendNotEnoughLiquidityEmail: ref<typeof c.sendNotEnoughLiquidityEmail>(
    'KycPerson',
    'SendNotEnoughLiquidityEmail',
  ),
  SaveKycPersonDoc15: ref<typeof c.saveKycPersonDoc15>('KycPerson', 'SaveKycPersonDoc15'),
  DelKycPersonDoc15: ref<typeof c.delKycPersonDoc15>('KycPerson', 'DelKycPersonDoc15'),
  GetKycPersonDoc15List: ref<typeof c.getKycPersonDoc15List>('KycPerson', 'GetKycPersonDoc15List'),
} as const;

export const KycCorporate = {
  SaveKycCorpDoc16: ref<typeof c.saveKycCorpDoc16>('KycCorporate', 'SaveKycCorpDoc16'),
  DelKycCorpDoc16: ref<typeof c.delKycCorpDoc16>('KycCorporate', 'DelKycCorpDoc16'),
  GetKycCorpDoc16List: ref<typeof c.getKycCorpDoc16List>('KycCorporate', 'GetKycCorpDoc16List'),
} as const;

export const SupportRequest = {
  SendLivenessIssueEmail: ref<typeof c.sendLivenessIssueEmail>('SupportRequest', 'SendLivenessIssueEmail'),
} as const;
