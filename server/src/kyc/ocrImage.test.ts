// ocrImage.ts on small made-up pictures: print of either polarity comes out dark on white, and
// a graded background comes out white.
import { describe, expect, it } from 'vitest';
import type { RgbImage } from './livenessProvider.ts';
import { enlarge, flatten, grey, prepareForOcr } from './ocrImage.ts';

/** A w x h picture on a vertical gradient (light blue to darker blue) with a bar of `print`. */
function page(w: number, h: number, print: [number, number, number]): RgbImage {
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const inBar = y >= h / 2 - 2 && y < h / 2 + 2 && x >= w / 4 && x < (3 * w) / 4;
      const shade = 225 - Math.round((80 * y) / h);
      const [r, g, b] = inBar ? print : [shade - 20, shade, 235];
      data.set([r, g, b], (y * w + x) * 3);
    }
  return { width: w, height: h, data };
}

const at = (img: { width: number; data: Uint8Array }, x: number, y: number) => img.data[y * img.width + x]!;

describe('preparing a document picture for OCR', () => {
  it('turns white print on a pale graded tint dark, and the tint white', () => {
    const ready = prepareForOcr(page(200, 100, [255, 255, 255]));
    expect(ready.width).toBe(400); // small pictures are enlarged twice
    expect(at(ready, 200, 100)).toBeLessThan(128);
    expect(at(ready, 200, 20)).toBeGreaterThan(240);
    expect(at(ready, 200, 180)).toBeGreaterThan(240);
  });

  it('keeps dark print on the same tint dark', () => {
    const ready = prepareForOcr(page(200, 100, [20, 20, 20]));
    expect(at(ready, 200, 100)).toBeLessThan(60);
    expect(at(ready, 30, 30)).toBeGreaterThan(240);
  });

  it('greys by luma, enlarges bilinearly and leaves a flat picture white', () => {
    expect(grey({ width: 1, height: 1, data: new Uint8Array([255, 0, 0]) }).data[0]).toBe(76);
    const two = enlarge({ width: 2, height: 1, data: new Uint8Array([0, 200]) }, 2);
    expect([...two.data.subarray(0, 4)]).toEqual([0, 50, 150, 200]);
    const flat = flatten({ width: 20, height: 20, data: new Uint8Array(400).fill(90) }, 4);
    expect(flat.data.every((v) => v === 255)).toBe(true);
  });
});
