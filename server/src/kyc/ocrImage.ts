// A document picture made ready for Tesseract: grey, its background flattened, small pictures
// enlarged. Tesseract thresholds a page for dark print on a light ground; a passport prints pale
// or white text on a tinted, graded security background, which a threshold puts with the ground
// (e2e/fixtures/docs/passport.png read as nothing). Measuring how far each pixel stands from its
// neighbourhood's mean turns print of either polarity dark on white. Pure functions, no I/O.
import type { RgbImage } from './livenessProvider.ts';

export interface GreyImage {
  width: number;
  height: number;
  /** width * height bytes, 0 black. */
  data: Uint8Array;
}

/** Pictures narrower than this are enlarged twice: the web stores uploads at 1024 x 768, where
 * small print is below the letter height Tesseract's model reads well. */
export const ENLARGE_BELOW = 1600;
/** Grey levels of distance from the neighbourhood's mean that are still ground: JPEG noise, and
 * the ground right beside print, whose mean the print itself pulls a little towards it. */
const GROUND_SPREAD = 12;
/** How many times a larger distance is darkened. */
const CONTRAST_GAIN = 8;

/** Luma (ITU-R BT.601) of each pixel. */
export function grey(image: RgbImage): GreyImage {
  const n = image.width * image.height;
  const data = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3)
    data[i] = (image.data[j]! * 299 + image.data[j + 1]! * 587 + image.data[j + 2]! * 114) / 1000;
  return { width: image.width, height: image.height, data };
}

/** Bilinear enlargement by a whole factor. */
export function enlarge(image: GreyImage, factor: number): GreyImage {
  if (factor === 1) return image;
  const { width: w, height: h, data: src } = image;
  const W = w * factor;
  const H = h * factor;
  const data = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const sy = Math.min(h - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(h - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < W; x++) {
      const sx = Math.min(w - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(w - 1, x0 + 1);
      const fx = sx - x0;
      const top = src[y0 * w + x0]! * (1 - fx) + src[y0 * w + x1]! * fx;
      const bottom = src[y1 * w + x0]! * (1 - fx) + src[y1 * w + x1]! * fx;
      data[y * W + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width: W, height: H, data };
}

/** Each pixel's distance from the mean of the square around it (radius `r`), beyond the ground's
 * spread, darkened and inverted: print dark, ground white, whatever their colours were. */
export function flatten(image: GreyImage, r: number): GreyImage {
  const { width: w, height: h, data: src } = image;
  // Summed-area table: each neighbourhood mean in constant time.
  const sums = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += src[y * w + x]!;
      sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1]! + row;
    }
  }
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const t = Math.max(0, y - r);
    const b = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const l = Math.max(0, x - r);
      const rt = Math.min(w, x + r + 1);
      const total =
        sums[b * (w + 1) + rt]! - sums[t * (w + 1) + rt]! - sums[b * (w + 1) + l]! + sums[t * (w + 1) + l]!;
      const mean = total / ((b - t) * (rt - l));
      const away = Math.max(0, Math.abs(src[y * w + x]! - mean) - GROUND_SPREAD) * CONTRAST_GAIN;
      data[y * w + x] = 255 - Math.min(255, Math.round(away));
    }
  }
  return { width: w, height: h, data };
}

/** The picture Tesseract reads: grey, enlarged when small, its background flattened. */
export function prepareForOcr(image: RgbImage): GreyImage {
  const factor = Math.max(image.width, image.height) < ENLARGE_BELOW ? 2 : 1;
  const big = enlarge(grey(image), factor);
  // A neighbourhood wider than a line of print, narrower than a background gradient's swing.
  return flatten(big, Math.max(8, Math.round(Math.max(big.width, big.height) / 40)));
}

/** A grey picture as a binary PGM, which Tesseract's image library reads as it is. */
export function pgm(image: GreyImage): Uint8Array {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
  return Buffer.concat([header, image.data]);
}
