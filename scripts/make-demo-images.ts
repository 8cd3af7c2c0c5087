/**
 * Renders the demo event images (simple SVG illustrations: gradient, sun, waves or hills and a
 * motif; no text, the page gives the event's name) to JPEG with sharp: public/images/{tenant}/{name}.jpg (544x432 profile)
 * and {name}-cover.jpg (1500x900 cover). Run once; the files are committed and the seed refers
 * to them by id. Nothing is downloaded.
 *
 *   npx tsx scripts/make-demo-images.ts
 */
import { mkdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import sharp from "sharp";
import {
  coverImageId,
  type DemoImage,
  demoImages,
  imageSizes,
  type Motif,
  profileImageId,
} from "../src/lib/server/db/seed/images.ts";

const OUT = join(process.cwd(), "public", "images");

/** Motifs drawn in a 200x200 box, filled with `c`. */
const motifs: Record<Motif, (c: string) => string> = {
  waves: (c) => `
    <path d="M100 20 L100 140 L40 140 Z" fill="${c}"/>
    <path d="M108 40 L108 140 L160 140 Z" fill="${c}" opacity="0.8"/>
    <path d="M30 150 L170 150 L150 180 L50 180 Z" fill="${c}"/>`,
  frame: (c) => `
    <rect x="20" y="30" width="160" height="140" rx="6" fill="none" stroke="${c}" stroke-width="14"/>
    <path d="M40 150 L85 90 L115 125 L135 105 L160 150 Z" fill="${c}"/>
    <circle cx="140" cy="70" r="14" fill="${c}"/>`,
  notes: (c) => `
    <circle cx="60" cy="150" r="22" fill="${c}"/><circle cx="150" cy="130" r="22" fill="${c}"/>
    <rect x="76" y="40" width="10" height="112" fill="${c}"/><rect x="166" y="20" width="10" height="112" fill="${c}"/>
    <path d="M76 40 L176 20 L176 44 L76 64 Z" fill="${c}"/>`,
  ticket: (c) => `
    <path d="M20 50 H180 V85 A15 15 0 0 0 180 115 V150 H20 V115 A15 15 0 0 0 20 85 Z" fill="${c}"/>
    <line x1="130" y1="58" x2="130" y2="142" stroke="#ffffff" stroke-width="4" stroke-dasharray="8 6" opacity="0.7"/>`,
  heart: (c) => `
    <path d="M100 175 C20 120 10 80 35 50 C60 22 95 35 100 62 C105 35 140 22 165 50 C190 80 180 120 100 175 Z" fill="${c}"/>`,
  card: (c) => `
    <rect x="15" y="45" width="170" height="110" rx="12" fill="${c}"/>
    <rect x="60" y="45" width="16" height="110" fill="#ffffff" opacity="0.6"/>
    <rect x="15" y="92" width="170" height="16" fill="#ffffff" opacity="0.6"/>
    <circle cx="68" cy="100" r="14" fill="#ffffff" opacity="0.8"/>`,
  star: (c) => `
    <polygon points="100,15 124,75 188,78 138,118 155,180 100,145 45,180 62,118 12,78 76,75" fill="${c}"/>`,
  key: (c) => `
    <circle cx="60" cy="100" r="38" fill="none" stroke="${c}" stroke-width="16"/>
    <rect x="95" y="92" width="90" height="16" fill="${c}"/>
    <rect x="150" y="108" width="14" height="26" fill="${c}"/><rect x="170" y="108" width="14" height="18" fill="${c}"/>`,
  leaf: (c) => `
    <path d="M30 170 C30 80 90 25 180 20 C175 110 120 170 30 170 Z" fill="${c}"/>
    <path d="M30 170 L150 50" stroke="#ffffff" stroke-width="5" opacity="0.6"/>`,
  paw: (c) => `
    <ellipse cx="100" cy="135" rx="45" ry="38" fill="${c}"/>
    <ellipse cx="45" cy="85" rx="18" ry="24" fill="${c}"/><ellipse cx="80" cy="52" rx="18" ry="24" fill="${c}"/>
    <ellipse cx="120" cy="52" rx="18" ry="24" fill="${c}"/><ellipse cx="155" cy="85" rx="18" ry="24" fill="${c}"/>`,
};

/**
 * The picture only, no text: the page prints the event's name next to it (issue 11 "Event images
 * have the title baked into the illustration ... The images carry no text; the page gives it").
 * The cover is shown cropped to a 3:1 band (src/lib/api/images.ts COVER, fit cover, centred), so
 * the sun and the motif sit inside the band a 3:1 crop keeps; the profile image keeps its whole
 * frame (the listing teaser and the 64 px cart thumbnail), so its motif is large and central
 * enough to read at that size.
 */
function svg(image: DemoImage, width: number, height: number): string {
  const [from, to, accent] = image.colors;
  const harbour = image.tenant === "harbour-museum";
  const cover = width / height > 1.4;
  // The rows a 3:1 crop keeps of a cover; all of them for a profile image.
  const bandHeight = cover ? Math.min(height, width / 3) : height;
  const bandTop = (height - bandHeight) / 2;
  const bandBottom = bandTop + bandHeight;
  const motifSize = bandHeight * (cover ? 0.72 : 0.62);
  const motifX = cover ? width * 0.62 : (width - motifSize) / 2 + width * 0.08;
  const motifY = cover ? bandTop + (bandHeight - motifSize) / 2 - bandHeight * 0.04 : height * 0.12;
  const sunX = width * (cover ? 0.2 : 0.17);
  const sunY = bandTop + bandHeight * (cover ? 0.36 : 0.2);
  const sunR = bandHeight * (cover ? 0.2 : 0.13);
  const groundTop = bandBottom - bandHeight * (cover ? 0.22 : 0.26);
  const ground = harbour
    ? // layered waves
      [0, 0.08, 0.15]
        .map((dy, i) => {
          const h = groundTop + bandHeight * dy;
          const a = bandHeight * 0.03;
          const step = width / 6;
          let d = `M0 ${h}`;
          for (let k = 0; k < 6; k++) d += ` q ${step / 2} ${i % 2 ? a : -a} ${step} 0`;
          return `<path d="${d} V${height} H0 Z" fill="${to}" opacity="${0.35 + i * 0.2}"/>`;
        })
        .join("")
    : // rolling hills
      `<ellipse cx="${width * 0.2}" cy="${bandBottom + bandHeight * 0.12}" rx="${width * 0.45}" ry="${bandHeight * 0.3}" fill="${to}" opacity="0.7"/>
       <ellipse cx="${width * 0.8}" cy="${bandBottom + bandHeight * 0.16}" rx="${width * 0.55}" ry="${bandHeight * 0.32}" fill="${to}" opacity="0.9"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="${sunX}" cy="${sunY}" r="${sunR}" fill="${accent}" opacity="0.85"/>
  <circle cx="${sunX}" cy="${sunY}" r="${sunR * 1.5}" fill="${accent}" opacity="0.18"/>
  ${ground}
  <g transform="translate(${motifX} ${motifY}) scale(${motifSize / 200})" opacity="0.95">${motifs[image.motif](accent)}</g>
</svg>`;
}

async function render(image: DemoImage, id: string, width: number, height: number): Promise<void> {
  const file = join(OUT, id);
  mkdirSync(dirname(file), { recursive: true });
  await sharp(Buffer.from(svg(image, width, height)))
    .jpeg({ quality: 70, mozjpeg: true, progressive: true })
    .toFile(file);
  const kb = Math.round(statSync(file).size / 1024);
  console.log(`${id.padEnd(44)} ${width}x${height} ${kb} KB${kb > 80 ? "  (over 80 KB!)" : ""}`);
}

for (const image of demoImages) {
  const { profile, cover } = imageSizes;
  await render(image, profileImageId(image.tenant, image.name), profile.width, profile.height);
  await render(image, coverImageId(image.tenant, image.name), cover.width, cover.height);
}
