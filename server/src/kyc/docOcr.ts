// CynopsisWs DocOCR: reads the text and the machine readable zone of one or two ID document
// pictures (named by URI, pictureUris.ts; a PDF is named in the reply, not read), records the
// check for staff and answers it as JSON text.
import { docOcr, toJsonText, type DocOcrResult } from '@payd/schemas';
import { accessDenied, failed, invalidField } from '../wire/errors.ts';
import { implement } from '../wire/implement.ts';
import type { MethodDefinition } from '../wire/method.ts';
import { recordIdentityCheck } from './identityCheckResults.ts';
import { LIVENESS_RULES, type LivenessProvider, type RgbImage } from './livenessProvider.ts';
import { COMPARE_PER_HOUR, SELFIE_BODY_LIMIT, round, type CynopsisDeps } from './livenessSession.ts';
import { OcrBusyError, OcrInputError, OcrTimeoutError, readDocumentText, type DocumentText } from './ocr.ts';
import { isPdfDocument, resolveUri } from './pictureUris.ts';

type ReadPage = Extract<DocumentText, { ocr: 'done' }>;

/** Each picture's faces and text (null: a PDF, not read); the pages read. */
async function readPages(provider: LivenessProvider, sources: (RgbImage | null)[]) {
  const pages: DocOcrResult['pages'] = [];
  const read: ReadPage[] = [];
  const notRead = { ocr: 'pdf not supported', text: null, confidence: null, mrz: null } as const;
  for (const [i, image] of sources.entries()) {
    if (!image) {
      pages.push(notRead);
      continue;
    }
    const faces = await provider.findFaces(image);
    let page: DocumentText;
    try {
      page = await readDocumentText(image);
    } catch (error) {
      if (error instanceof OcrInputError) throw invalidField(`idDocImageUri${i + 1}`, error.message);
      if (error instanceof OcrBusyError) throw failed('ocr_busy', error.message);
      if (error instanceof OcrTimeoutError) throw failed('ocr_timeout', error.message);
      throw error;
    }
    if (page.ocr !== 'done') {
      pages.push(notRead);
      continue;
    }
    read.push(page);
    pages.push({
      width: image.width,
      height: image.height,
      faces: faces.filter((f) => f.score >= LIVENESS_RULES.minScore).length,
      ocr: page.ocr,
      text: page.text,
      confidence: page.confidence,
      mrz: page.mrz ?? null,
    });
  }
  return { pages, read };
}

export function docOcrMethod({ db, clock, provider, limit }: CynopsisDeps): MethodDefinition {
  return implement(
    docOcr,
    async (b, ctx) => {
      const user = ctx.user;
      if (!user) throw accessDenied();
      const uris = [b.idDocImageUri1, ...(b.idDocImageUri2 ? [b.idDocImageUri2] : [])];
      const sources = await Promise.all(
        uris.map(async (u, i) =>
          (await isPdfDocument(db, u, user)) ? null : resolveUri(db, u, user, `idDocImageUri${i + 1}`),
        ),
      );
      await limit('compare', user, COMPARE_PER_HOUR);
      const { pages, read } = await readPages(provider, sources);
      const ocr = read.length > 0 ? 'done' : 'pdf not supported';
      const mrz = read.find((p) => p.mrz)?.mrz ?? null;
      await recordIdentityCheck(db, {
        kind: 'document',
        uris,
        result: { ocr, mrz },
        by: user,
        on: clock.now(),
      });
      // Text of every page read; the first machine readable zone found, its check digits verified.
      return toJsonText({
        provider: provider.name,
        ocr,
        text: read.length > 0 ? read.map((p) => p.text).join('\n\n') : null,
        confidence: read.length > 0 ? round(read.reduce((s, p) => s + p.confidence, 0) / read.length) : null,
        mrz,
        pages,
      });
    },
    { bodyLimit: 2 * SELFIE_BODY_LIMIT, rateLimit: { max: 30, timeWindow: 60_000 } },
  );
}
