// The contracts of the kyc methods (contract/contract.ts): body, reply and caller of each.
// CynopsisWs (identity and liveness), KycPersonWs and KycCorporateWs beyond the screen framework
// (documents, disclosures, notification mails) and SupportRequestWs SendLivenessIssueEmail; the
// server implements them in server/src/kyc, the web calls them through kyc/methods.ts. The reply
// types the web and the server read (identityChecks.ts, mrz.ts) are taken from the schemas here.
import { z } from 'zod';
import { defineContract } from '../contract/contract.ts';
import { jsonText } from '../contract/jsonText.ts';
import { customerRoles, Role, staffRoles } from '../auth/roles.ts';
import { pgIntLike, positiveIntId, recordId } from '../fields.ts';
import { docJsonInput, isMasterFlag } from '../framework/contracts.ts';

/** A 1280x720 JPEG as base64 is well under this; the envelope adds little. */
export const SELFIE_BODY_LIMIT = 5 * 1024 * 1024;

/** Staff who may compare faces and read documents besides the customers. */
export const staffCompareRoles: readonly number[] = [Role.kycReviewer, Role.admin];

// ---- identity checks: the machine readable zone, FaceCompare, DocOCR, stored checks ----

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const mrzCheckDigits = z.strictObject({
  documentNumber: z.boolean(),
  birthDate: z.boolean(),
  expiryDate: z.boolean(),
  /** Only where the format has one (TD3). */
  optionalData: z.boolean().optional(),
  composite: z.boolean(),
});
/** A machine readable zone of a travel document (ICAO Doc 9303), server/src/kyc/mrz.ts. */
export const mrzSchema = z.strictObject({
  format: z.enum(['TD3', 'TD1']),
  /** The zone's lines as read (after the corrections the field types allow). */
  lines: z.array(z.string()),
  /** 'P', 'PO', 'I', 'ID', 'AC'... (the filler removed). */
  documentCode: z.string(),
  /** Three-letter code of the issuing state or organisation ('UTO', 'D'). */
  issuingState: z.string(),
  surname: z.string(),
  givenNames: z.string(),
  documentNumber: z.string(),
  nationality: z.string(),
  /** YYYY-MM-DD (the century guessed: not in the future), null when the field is no date. */
  birthDate: isoDay.nullable(),
  sex: z.enum(['F', 'M', 'X']),
  /** YYYY-MM-DD (20YY), null when the field is no date. */
  expiryDate: isoDay.nullable(),
  /** Optional data / personal number fields, fillers removed (TD3: one, TD1: two). */
  optionalData: z.array(z.string()),
  checkDigits: mrzCheckDigits,
  /** Names of the check digits that failed, empty when the zone is consistent. */
  failedCheckDigits: z.array(mrzCheckDigits.keyof()),
});

/** FaceCompare's verdict (the JSON text's fields but the provider; what staff checks keep). */
export const faceCheck = z.strictObject({
  match: z.boolean(),
  similarity: z.number(),
  threshold: z.number(),
  selfieFaces: z.number().int().min(0),
  documentFaces: z.number().int().min(0),
});
/** 'done' when a picture was read, 'pdf not supported' when none was. */
const ocrOutcome = z.enum(['done', 'pdf not supported']);
/** What DocOCR found that the checks use: whether a picture was read, and its zone. */
export const documentCheck = z.strictObject({ ocr: ocrOutcome, mrz: mrzSchema.nullable() });

/** One picture of DocOCR: a PDF is named, not read. */
const ocrPage = z.discriminatedUnion('ocr', [
  z.strictObject({
    ocr: z.literal('done'),
    width: z.number().int(),
    height: z.number().int(),
    /** Faces found with the detector's minimum score. */
    faces: z.number().int().min(0),
    /** The text read, lines separated by '\n' ('' when there is none). */
    text: z.string(),
    /** Tesseract's mean word confidence, 0..1. */
    confidence: z.number(),
    mrz: mrzSchema.nullable(),
  }),
  z.strictObject({
    ocr: z.literal('pdf not supported'),
    text: z.null(),
    confidence: z.null(),
    mrz: z.null(),
  }),
]);
/** DocOCR's JSON text: the text of every page read, the first zone found, each page. */
export const docOcrResult = z.strictObject({
  provider: z.string(),
  ocr: ocrOutcome,
  text: z.string().nullable(),
  confidence: z.number().nullable(),
  mrz: mrzSchema.nullable(),
  pages: z.array(ocrPage),
});
/** FaceCompare's JSON text. */
export const faceCompareResult = faceCheck.extend({ provider: z.string() });

const recorded = { checkedOn: z.iso.datetime(), checkedByName: z.string() };
/** The server's liveness check of the record's owner: the numbers the customer is not shown. */
export const livenessRecordSchema = z.strictObject({
  sessionId: z.string(),
  status: z.enum(['PASSED', 'FAILED']),
  completedOn: z.iso.datetime().nullable(),
  faces: z.number().nullable(),
  score: z.number().nullable(),
  real: z.number().nullable(),
  live: z.number().nullable(),
  reason: z.string().nullable(),
  /** Liveness sessions the customer completed (passed or failed). */
  attempts: z.number().int().min(0),
});
/** GetIdentityChecks: the latest stored check of each kind, when and by whom, and the liveness. */
export const identityCheckResults = z.strictObject({
  faces: z.strictObject({ result: faceCheck, ...recorded }).nullable(),
  document: z.strictObject({ result: documentCheck, ...recorded }).nullable(),
  liveness: livenessRecordSchema.nullable(),
});

// ---- CynopsisWs ----

/** Numbers the server judges a selfie by (GetAccessToken's `rules`). */
export const livenessRules = z.strictObject({
  /** Detector confidence of the face. */
  minScore: z.number(),
  /** Anti-spoofing score. */
  minReal: z.number(),
  /** Liveness score. */
  minLive: z.number(),
  /** Smallest face, as a share of the picture's shorter side. */
  minFaceShare: z.number(),
  /** Face similarity from which FaceCompare reports a match. */
  minSimilarity: z.number(),
});

const pictureUri = z.string().min(1).max(SELFIE_BODY_LIMIT);

export const getAccessToken = defineContract({
  service: 'Cynopsis',
  method: 'GetAccessToken',
  summary: "Opens a liveness session on the caller's own KYC record: its one-time token and the rules.",
  auth: customerRoles,
  body: z.object({}).loose(),
  reply: z.strictObject({
    access_token: z.string(),
    sessionId: z.string(),
    /** Where the liveness widget loads its files. */
    serviceBaseUrl: z.string(),
    provider: z.string(),
    /** Seconds the session stays open. */
    expiresIn: z.number(),
    rules: livenessRules,
  }),
  example: { body: {} },
});

export const completeLiveness = defineContract({
  service: 'Cynopsis',
  method: 'CompleteLiveness',
  summary: "Ends a liveness session with the selfie; the server's check of it alone decides PASSED.",
  auth: customerRoles,
  // Unknown keys (a client's "passed" or "status") are dropped: only the picture counts.
  body: z.object({
    sessionId: z.string().min(1).max(100),
    accessToken: z.string().min(1).max(200),
    selfie: z.object({
      mimeType: z.literal('image/jpeg', { error: 'The picture must be a JPEG image.' }),
      base64: z.string().min(1).max(SELFIE_BODY_LIMIT),
    }),
  }),
  reply: z.strictObject({
    status: z.enum(['PASSED', 'FAILED']),
    sessionId: z.string(),
    /** Faces found and, on a failure, why (the scores stay with staff). */
    data: z.strictObject({ faces: z.number().int().min(0), reason: z.string().optional() }),
  }),
  example: {
    body: {
      sessionId: '3f2b9c1e-8a7d-4e4b-9f57-2c1d0e6a5b40',
      accessToken: 'one-time-token-from-GetAccessToken',
      selfie: { mimeType: 'image/jpeg', base64: '/9j/4AAQSkZJRgABAQ...' },
    },
  },
});

export const faceCompare = defineContract({
  service: 'Cynopsis',
  method: 'FaceCompare',
  summary: 'Compares the face of a selfie with the one on an ID document; JSON text of the verdict.',
  auth: [...customerRoles, ...staffCompareRoles],
  body: z.object({ selfieImageUri: pictureUri, idDocImageUri: pictureUri }),
  reply: jsonText(faceCompareResult),
  example: { body: { selfieImageUri: 'payd:selfie', idDocImageUri: 'payd:id-doc' } },
});

export const docOcr = defineContract({
  service: 'Cynopsis',
  method: 'DocOCR',
  summary: 'Reads the text and machine readable zone of one or two ID document pictures; JSON text.',
  auth: [...customerRoles, ...staffCompareRoles],
  body: z.object({ idDocImageUri1: pictureUri, idDocImageUri2: pictureUri.optional() }),
  reply: jsonText(docOcrResult),
  example: { body: { idDocImageUri1: 'payd:id-doc' } },
});

export const getIdentityChecks = defineContract({
  service: 'Cynopsis',
  method: 'GetIdentityChecks',
  summary: "Staff: a KYC record's latest face and document checks and its owner's liveness result.",
  auth: staffRoles,
  body: z.object({ kycPersonId: positiveIntId }),
  reply: identityCheckResults,
  example: { body: { kycPersonId: 1 }, reply: { faces: null, document: null, liveness: null } },
});

// ---- KycPersonWs AcceptDisclosures ----

export const acceptDisclosures = defineContract({
  service: 'KycPerson',
  method: 'AcceptDisclosures',
  summary: "Accepts the risks and disclosures on the caller's own KYC record (step 4 of 4).",
  auth: customerRoles,
  body: z
    .object({
      /** The record's id; '', '!' or none: the caller's first record. */
      keyId: z
        .union([z.literal(''), z.literal('!'), pgIntLike])
        .optional()
        .nullable(),
    })
    .loose(),
  reply: z.strictObject({ KycPersonId15: z.number().int(), DisclosuresChked15: z.literal('Y') }),
  example: { body: { keyId: '!' }, reply: { KycPersonId15: 1, DisclosuresChked15: 'Y' } },
});

// ---- notification mails (spec 002 section 7) ----

const ethAmount = z.union([
  z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,18})?$/, 'Please enter a valid ETH amount'),
  z
    .number()
    .finite()
    .nonnegative()
    .transform((n) => String(n)),
]);
const emailAddress = z.string().max(320).optional();
/** The mail methods answer 'success' once the mail is queued. */
const queued = z.literal('success');

export const sendBusinessAccountRequestEmail = defineContract({
  service: 'KycPerson',
  method: 'SendBusinessAccountRequestEmail',
  summary: "Mails the company team the caller's request for a business account.",
  auth: customerRoles,
  body: z.object({ emailAddress }).loose(),
  reply: queued,
  example: { body: { emailAddress: 'customer@example.com' }, reply: 'success' },
});

export const sendNotEnoughLiquidityEmail = defineContract({
  service: 'KycPerson',
  method: 'SendNotEnoughLiquidityEmail',
  summary: 'Mails the company team that the caller could not proceed for lack of liquidity.',
  auth: customerRoles,
  body: z.object({ emailAddress, ethAmount }).loose(),
  reply: queued,
  example: { body: { emailAddress: 'customer@example.com', ethAmount: '32' }, reply: 'success' },
});

export const sendLivenessIssueEmail = defineContract({
  service: 'SupportRequest',
  method: 'SendLivenessIssueEmail',
  summary: 'Mails support that the caller has an issue with the liveness test.',
  auth: customerRoles,
  body: z
    .object({
      userInfo: z
        .union([
          z.string().max(1000),
          z.object({ name: z.string().max(200).optional(), email: z.string().max(320).optional() }).loose(),
        ])
        .optional(),
    })
    .loose(),
  reply: queued,
  example: {
    body: { userInfo: { name: 'Ada Lovelace', email: 'customer@example.com' } },
    reply: 'success',
  },
});

// ---- supporting documents (KycPersonDoc15, KycCorpDoc16) ----

const yesNoFlag = z.union([z.boolean(), z.enum(['Y', 'N', 'true', 'false'])]).optional();
const saveDocBody = z
  .object({
    mstId: recordId,
    dtlId: recordId.optional().nullable(),
    isMaster: isMasterFlag,
    /** With overwrite: the document replaced. */
    docId: recordId.optional().nullable(),
    overwrite: yesNoFlag,
    screenColumnName: z.string().max(100).optional(),
    /** fileName, mimeType, base64 (the file), DocTypeCd and DocDate (YYYY-MM-DD). */
    docJson: docJsonInput,
    options: z.unknown().optional(),
  })
  .loose();
const delDocBody = z
  .object({
    mstId: recordId,
    dtlId: recordId.optional().nullable(),
    isMaster: isMasterFlag,
    screenColumnName: z.string().max(100).optional(),
    docIdList: z.union([recordId, z.array(recordId).min(1).max(1000)]),
  })
  .loose();
const listDocBody = z
  .object({ mstId: recordId, dtlId: recordId.optional().nullable(), isMaster: isMasterFlag })
  .loose();

/** A stored document as the list shows it. */
export const storedDoc = z.strictObject({
  DocId: z.number().int(),
  DocName: z.string(),
  MimeType: z.string(),
  DocSize: z.number().int().min(0),
  DocTypeCd: z.string().nullable(),
  DocTypeCdText: z.string().nullable(),
  /** YYYY-MM-DD. */
  DocDate: isoDay.nullable(),
  InputOn: z.iso.datetime().nullable(),
});

/** Save{Column}, Del{Column} and Get{Column}List of a screen's document column. */
function docContracts<const Service extends string, const Column extends string>(
  service: Service,
  column: Column,
  record: string,
) {
  return {
    save: defineContract({
      service,
      method: `Save${column}`,
      summary: `Uploads a document (base64 in docJson) to the caller's ${record}, or replaces one; the stored document.`,
      auth: 'user',
      body: saveDocBody,
      reply: storedDoc.nullable(),
      example: {
        body: {
          mstId: '1',
          isMaster: true,
          screenColumnName: column,
          docJson: {
            fileName: 'passport.pdf',
            mimeType: 'application/pdf',
            base64: 'JVBERi0xLjQK',
            DocTypeCd: 'ID',
          },
        },
      },
    }),
    del: defineContract({
      service,
      method: `Del${column}`,
      summary: `Deletes documents of the caller's ${record}, all of them or none.`,
      auth: 'user',
      body: delDocBody,
      reply: z.strictObject({ deleted: z.array(z.number().int()) }),
      example: {
        body: { mstId: '1', isMaster: true, screenColumnName: column, docIdList: [7] },
        reply: { deleted: [7] },
      },
    }),
    list: defineContract({
      service,
      method: `Get${column}List`,
      summary: `The documents of the caller's ${record} (names, types, sizes; not the files).`,
      auth: 'user',
      body: listDocBody,
      reply: z.array(storedDoc),
      example: { body: { mstId: '1', isMaster: true }, reply: [] },
    }),
  };
}

const personDocs = docContracts('KycPerson', 'KycPersonDoc15', 'personal KYC record');
export const saveKycPersonDoc15 = personDocs.save;
export const delKycPersonDoc15 = personDocs.del;
export const getKycPersonDoc15List = personDocs.list;

const corpDocs = docContracts('KycCorporate', 'KycCorpDoc16', 'business KYC record');
export const saveKycCorpDoc16 = corpDocs.save;
export const delKycCorpDoc16 = corpDocs.del;
export const getKycCorpDoc16List = corpDocs.list;

/** The three document contracts of one column (server/src/kyc/documents.ts implements them). */
export type DocColumnContracts = ReturnType<typeof docContracts<string, string>>;
