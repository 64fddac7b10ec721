// Text of ID document pictures for CynopsisWs DocOCR: Tesseract (tesseract.js, WebAssembly) with
// the English model from the npm package @tesseract.js-data/eng, so nothing is fetched at run
// time. One Tesseract worker thread, started on first use and reused, reads one picture at a
// time; the machine readable zone is read a second time on its own (mrz.ts). See LIVENESS.md.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import { findMrz, type Mrz } from './mrz.ts';
import type { RgbImage } from './livenessProvider.ts';
import { pgm, prepareForOcr } from './ocrImage.ts';

const require = createRequire(import.meta.url);

/** Largest encoded picture read, in bytes (as for liveness pictures). */
export const MAX_OCR_BYTES = 3 * 1024 * 1024;
/** Largest side of a picture read, in pixels. */
export const MAX_OCR_SIDE = 4096;
/** Pictures that may wait for the reader; one more is refused with OcrBusyError. */
export const MAX_OCR_QUEUE = 8;
/** Longest one picture may take before the reader is restarted and the call fails. */
export const OCR_TIMEOUT_MS = 60_000;

const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
/** Tesseract's thresholding_method for Leptonica's adaptive (tiled) Otsu. */
const ADAPTIVE_OTSU = '1';

export type DocumentText =
  | {
      ocr: 'done';
      /** The text read, lines separated by '\n' ('' when there is none). */
      text: string;
      /** Tesseract's mean word confidence, 0..1 (0 when no text was found). */
      confidence: number;
      /** The machine readable zone, when one was found, with its check digit results. */
      mrz?: Mrz;
    }
  | { ocr: 'pdf not supported'; text: null; confidence: null };

/** A picture the reader cannot take (not a JPEG or PNG, too large). */
export class OcrInputError extends Error {
  override name = 'OcrInputError';
}
/** Too many pictures are waiting. */
export class OcrBusyError extends Error {
  override name = 'OcrBusyError';
  constructor() {
    super('Document reading is busy. Please try again in a minute.');
  }
}
/** A picture took longer than OCR_TIMEOUT_MS. */
export class OcrTimeoutError extends Error {
  override name = 'OcrTimeoutError';
  constructor() {
    super('Reading the document took too long.');
  }
}

/**
 * Where Tesseract's parts come from: files inside node_modules only. tesseract.js falls back to
 * a CDN for any path not given, so every one is given, and checked to be a local path.
 */
export function ocrEngineFiles(): { workerPath: string; corePath: string; langPath: string } {
  const files = {
    workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
    corePath: dirname(require.resolve('tesseract.js-core/package.json')),
    // The LSTM model ("best_int"), the one tesseract.js picks for its LSTM-only engine.
    langPath: join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int'),
  };
  for (const path of Object.values(files))
    if (/^[a-z][a-z0-9+.-]*:/i.test(path) || !existsSync(path))
      throw new Error(`OCR engine file is not a local file: ${path}`);
  return files;
}

type Image = Uint8Array | RgbImage;

function isRgb(image: Image): image is RgbImage {
  return !(image instanceof Uint8Array);
}

/** Width and height of a PNG or JPEG from its header, null for anything else. */
function encodedSize(bytes: Uint8Array): { format: 'png' | 'jpeg'; width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length > 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(12) === 0x49484452)
    return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length && bytes[i] === 0xff) {
      const marker = bytes[i + 1]!;
      const length = view.getUint16(i + 2);
      // Start of frame (baseline, progressive...): height then width.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { format: 'jpeg', height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
      i += 2 + length;
    }
  }
  return null;
}

/** A picture as bytes Tesseract reads, with its size. */
interface Picture {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** A decoded picture as a binary PPM, which Tesseract's image library reads as it is. */
function ppm(image: RgbImage): Uint8Array {
  const header = Buffer.from(`P6\n${image.width} ${image.height}\n255\n`, 'ascii');
  return Buffer.concat([header, image.data]);
}

/**
 * The picture as Tesseract reads it, its size checked, and for a decoded picture also the
 * prepared version (ocrImage.ts) read when the picture as it is gives too little.
 */
function input(image: Image): { picture: Picture; prepared?: () => Picture } {
  if (isRgb(image)) {
    if (image.data.length !== image.width * image.height * 3)
      throw new OcrInputError('The picture could not be read.');
    if (Math.max(image.width, image.height) > MAX_OCR_SIDE)
      throw new OcrInputError('The picture is too large.');
    const prepared = () => {
      const ready = prepareForOcr(image);
      return { bytes: pgm(ready), width: ready.width, height: ready.height };
    };
    return { picture: { bytes: ppm(image), width: image.width, height: image.height }, prepared };
  }
  const size = encodedSize(image);
  if (!size) throw new OcrInputError('The picture must be a JPEG or PNG image.');
  if (image.length > MAX_OCR_BYTES || Math.max(size.width, size.height) > MAX_OCR_SIDE)
    throw new OcrInputError('The picture is too large.');
  if (size.width < 1 || size.height < 1) throw new OcrInputError('The picture could not be read.');
  return { picture: { bytes: image, width: size.width, height: size.height } };
}

/** True when the bytes are a PDF file. */
export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');
}

/** The Tesseract worker and its Node worker thread (tesseract.js exposes it as `worker`). */
interface Reader {
  tesseract: Tesseract.Worker;
  thread: { ref(): void; unref(): void; once(event: 'exit' | 'error', listener: () => void): void };
  /** Rejects when the thread stops (a crash, or closeDocumentReader). */
  stopped: Promise<never>;
}

let reader: Promise<Reader> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

function engine(): Promise<Reader> {
  if (!reader) {
    const started = Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
      ...ocrEngineFiles(),
      gzip: true,
      // No copy of the model is written to the working directory, none read from it.
      cacheMethod: 'none',
      logger: () => {},
      // Without a handler tesseract.js throws a failed job's error where nobody can catch it.
      errorHandler: () => {},
    }).then((tesseract) => {
      const thread = (tesseract as unknown as { worker: Reader['thread'] }).worker;
      const stopped = new Promise<never>((_, reject) => {
        const stop = () => {
          if (reader === started) reader = null;
          reject(new Error('The document reader stopped.'));
        };
        thread.once('exit', stop);
        thread.once('error', stop);
      });
      stopped.catch(() => {});
      // Like the liveness worker: an idle reader does not keep the process alive.
      thread.unref();
      return { tesseract, thread, stopped };
    });
    started.catch(() => {
      if (reader === started) reader = null;
    });
    reader = started;
  }
  return reader;
}

/** Stops the reader's worker thread (the next picture starts a new one). */
export async function closeDocumentReader(): Promise<void> {
  const current = reader;
  reader = null;
  if (current) await current.then((r) => r.tesseract.terminate()).catch(() => {});
}

interface Line {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/**
 * Lines with their boxes from Tesseract's TSV output (level 4 rows are lines, level 5 words).
 * TSV is one string: cheaper to pass from the worker thread than the nested `blocks` objects,
 * which the server's thread would have to copy in one go.
 */
function tsvLines(tsv: string): Line[] {
  const lines = new Map<string, Line>();
  for (const row of tsv.split('\n')) {
    const c = row.split('\t');
    if (c.length < 12) continue;
    const [level, page, block, par, line, , left, top, width, height, , word] = c;
    const key = `${page}.${block}.${par}.${line}`;
    const x0 = Number(left);
    const y0 = Number(top);
    const box = { x0, y0, x1: x0 + Number(width), y1: y0 + Number(height) };
    if (level === '4') lines.set(key, { text: '', bbox: box });
    else if (level === '5' && word?.trim()) {
      const l = lines.get(key);
      if (l) l.text += (l.text ? ' ' : '') + word.trim();
    }
  }
  return [...lines.values()];
}

/** The box around the lines that look like a machine readable zone, or null. */
function mrzBox(lines: Line[], width: number, height: number): Tesseract.Rectangle | null {
  const candidates = lines.filter((l) => {
    const t = l.text.replace(/\s+/g, '');
    return t.length >= 25 && /[<«]{2}/.test(t);
  });
  if (candidates.length === 0) return null;
  const x0 = Math.min(...candidates.map((l) => l.bbox.x0));
  const y0 = Math.min(...candidates.map((l) => l.bbox.y0));
  const x1 = Math.max(...candidates.map((l) => l.bbox.x1));
  const y1 = Math.max(...candidates.map((l) => l.bbox.y1));
  // Room for a line the first pass missed (a zone has 2 or 3), and a margin.
  const lineHeight = Math.max(...candidates.map((l) => l.bbox.y1 - l.bbox.y0));
  const pad = Math.round(lineHeight * 0.6);
  const top = Math.max(0, y0 - (candidates.length < 3 ? lineHeight * 2 : 0) - pad);
  const bottom = Math.min(height, y1 + (candidates.length < 3 ? lineHeight * 2 : 0) + pad);
  const left = Math.max(0, x0 - pad);
  const right = Math.min(width, x1 + pad);
  return { left, top, width: right - left, height: bottom - top };
}

type ReadText = Extract<DocumentText, { ocr: 'done' }>;

async function recognise(w: Tesseract.Worker, { bytes, width, height }: Picture): Promise<ReadText> {
  // debug_file: Tesseract's notes ("Estimating resolution as ...") stay out of the server's output.
  // thresholding_method 1 (Leptonica's tiled, adaptive Otsu): Tesseract's default global Otsu
  // splits a picture at one grey level, so light print on a lighter background (a passport's
  // pale security tint under white or pastel text, e2e/fixtures/docs/passport.png) lands on the
  // background's side and nothing is read. Per-tile thresholds keep the print apart.
  await w.setParameters({
    tessedit_char_whitelist: '',
    tessedit_pageseg_mode: Tesseract.PSM.AUTO,
    thresholding_method: ADAPTIVE_OTSU,
    debug_file: '/dev/null',
  } as Partial<Tesseract.WorkerParams>);
  const page = await w.recognize(Buffer.from(bytes), {}, { text: true, tsv: true, blocks: false });
  const text = page.data.text.trim();
  const lines = tsvLines(page.data.tsv ?? '');
  let mrz = findMrz(text);
  const box = mrzBox(lines, width, height);
  if (box && (!mrz || mrz.failedCheckDigits.length > 0)) {
    // The zone again, on its own, with only the characters a zone may contain: the general
    // model reads 'Z' as '7' and 'O' as '0' in OCR-B-like lines far more often otherwise.
    await w.setParameters({
      tessedit_char_whitelist: MRZ_ALPHABET,
      tessedit_pageseg_mode: Tesseract.PSM.SINGLE_BLOCK,
    });
    const zone = await w.recognize(Buffer.from(bytes), { rectangle: box }, { text: true });
    const again = findMrz(zone.data.text);
    if (again && (!mrz || again.failedCheckDigits.length < mrz.failedCheckDigits.length)) mrz = again;
  }
  return {
    ocr: 'done',
    text,
    confidence: text ? Math.round(page.data.confidence * 10) / 1000 : 0,
    ...(mrz ? { mrz } : {}),
  };
}

/** How much a reading found: a zone first (fewer wrong check digits better), then confident text. */
function found(page: ReadText): number {
  const zone = page.mrz ? 1_000_000 - page.mrz.failedCheckDigits.length * 1000 : 0;
  return zone + page.text.replace(/\s+/g, '').length * page.confidence;
}

/** Enough to keep the first reading: a zone with every check digit right, or this much text. */
const ENOUGH_TEXT = 40;

/**
 * The picture as it is first; when that gives no sound zone and little text, the prepared picture
 * too, keeping whichever found more. Most documents read well as they are (and the specimen zone
 * reads best so); pale print on a tinted ground needs the preparation.
 */
async function readBest(w: Tesseract.Worker, picture: Picture, prepared?: () => Picture): Promise<ReadText> {
  const first = await recognise(w, picture);
  if (!prepared || first.mrz?.failedCheckDigits.length === 0) return first;
  if (!first.mrz && first.text.replace(/\s+/g, '').length * first.confidence >= ENOUGH_TEXT) return first;
  const second = await recognise(w, prepared());
  return found(second) > found(first) ? second : first;
}

/**
 * Reads the text of a document picture: encoded JPEG or PNG bytes, or a decoded RGB picture. A
 * PDF is not read (the reply says so). One picture at a time; throws OcrInputError for a picture
 * it cannot take, OcrBusyError when MAX_OCR_QUEUE pictures wait, OcrTimeoutError after
 * OCR_TIMEOUT_MS (the worker is then restarted).
 */
export async function readDocumentText(image: Image): Promise<DocumentText> {
  if (!isRgb(image) && isPdf(image)) return { ocr: 'pdf not supported', text: null, confidence: null };
  const { picture, prepared } = input(image);
  if (waiting >= MAX_OCR_QUEUE) throw new OcrBusyError();
  waiting++;
  const run = queue.then(async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void closeDocumentReader();
        reject(new OcrTimeoutError());
      }, OCR_TIMEOUT_MS);
      timer.unref();
    });
    const r = await Promise.race([engine(), timeout]).catch((error: unknown) => {
      clearTimeout(timer);
      throw error;
    });
    // A picture being read keeps the process alive, an idle reader does not.
    r.thread.ref();
    try {
      return await Promise.race([readBest(r.tesseract, picture, prepared), timeout, r.stopped]);
    } finally {
      clearTimeout(timer);
      r.thread.unref();
    }
  });
  queue = run.catch(() => {});
  try {
    return await run;
  } finally {
    waiting--;
  }
}
