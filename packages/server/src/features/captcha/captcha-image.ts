import { randomInt } from 'node:crypto';
import { GLYPHS, type Point } from './captcha-glyphs.ts';

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');
export const CAPTCHA_LENGTH = 5;
const WIDTH = 160;
const HEIGHT = 56;

/** A float in [min, max) from the CSPRNG (the picture must not be predictable from earlier ones). */
const rand = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const f = (n: number) => n.toFixed(1);
const colour = () => `hsl(${randomInt(0, 360)},${randomInt(45, 75)}%,${randomInt(25, 45)}%)`;

export function randomAnswer(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)]).join('');
}

/** Each character scaled, rotated, sheared and jittered point by point, then noise lines and dots over it. */
export function captchaSvg(answer: string): string {
  const parts: string[] = [];
  const cell = WIDTH / (answer.length + 1);
  for (const [i, ch] of [...answer].entries()) {
    const glyph = GLYPHS[ch];
    if (!glyph) continue;
    const scale = rand(4, 5);
    const angle = rand(-0.45, 0.45);
    const shear = rand(-0.3, 0.3);
    const cx = cell * (i + 1) + rand(-3, 3);
    const cy = HEIGHT / 2 + rand(-5, 5);
    const place = ([x, y]: Point): Point => {
      const gx = (x - 2 + rand(-0.25, 0.25) + shear * (y - 3)) * scale;
      const gy = (y - 3 + rand(-0.25, 0.25)) * scale;
      return [cx + gx * Math.cos(angle) - gy * Math.sin(angle), cy + gx * Math.sin(angle) + gy * Math.cos(angle)];
    };
    const d = glyph
      .map((stroke) =>
        stroke
          .map(place)
          .map(([x, y], j) => `${j ? 'L' : 'M'}${f(x)} ${f(y)}`)
          .join(''),
      )
      .join('');
    parts.push(`<path d="${d}" stroke="${colour()}" stroke-width="${f(rand(2.4, 3.4))}"/>`);
  }
  for (let i = 0; i < 5; i++) {
    const d = `M${f(rand(0, 20))} ${f(rand(0, HEIGHT))}C${f(rand(30, 70))} ${f(rand(0, HEIGHT))} ${f(rand(90, 130))} ${f(rand(0, HEIGHT))} ${f(rand(140, WIDTH))} ${f(rand(0, HEIGHT))}`;
    parts.push(`<path d="${d}" stroke="${colour()}" stroke-width="${f(rand(1, 2))}"/>`);
  }
  for (let i = 0; i < 40; i++) {
    parts.push(
      `<circle cx="${f(rand(0, WIDTH))}" cy="${f(rand(0, HEIGHT))}" r="${f(rand(0.6, 1.6))}" fill="${colour()}"/>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="100%" height="100%" fill="#f4f6f8"/><g fill="none" stroke-linecap="round" stroke-linejoin="round">` +
    `${parts.join('')}</g></svg>`
  );
}
