/**
 * Renders the demo event images (simple SVG illustrations: gradient, sun, waves or hills, a motif
 * and the event title) to JPEG with sharp: public/images/{tenant}/{name}.jpg (544x432 profile)
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

const escapeXml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll("'", "&apos;");

function svg(image: DemoImage, width: number, height: number): string {
  const [from, to, accent] = image.colors;
  const harbour = image.tenant === "harbour-museum";
  const font = harbour ? "DejaVu Serif, Georgia, serif" : "DejaVu Sans, Verdana, sans-serif";
  const s = height / 900;
  const motifSize = Math.min(width * 0.42, height * 0.55);
  const motifX = width - motifSize - width * 0.08;
  const motifY = height * 0.1;
  const fontSize = Math.round(
    Math.min(96 * s * (width / height > 1.4 ? 1 : 0.9), (width * 1.5) / image.title.length),
  );
  const ground = harbour
    ? // layered waves
      [0.78, 0.86, 0.93]
        .map((y, i) => {
          const h = height * y;
          const a = height * 0.03;
          const step = width / 6;
          let d = `M0 ${h}`;
          for (let k = 0; k < 6; k++) d += ` q ${step / 2} ${i % 2 ? a : -a} ${step} 0`;
          return `<path d="${d} V${height} H0 Z" fill="${to}" opacity="${0.35 + i * 0.2}"/>`;
        })
        .join("")
    : // rolling hills
      `<ellipse cx="${width * 0.2}" cy="${height * 1.05}" rx="${width * 0.45}" ry="${height * 0.28}" fill="${to}" opacity="0.7"/>
       <ellipse cx="${width * 0.8}" cy="${height * 1.1}" rx="${width * 0.55}" ry="${height * 0.3}" fill="${to}" opacity="0.9"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="${width * 0.18}" cy="${height * 0.22}" r="${height * 0.16}" fill="${accent}" opacity="0.85"/>
  <circle cx="${width * 0.18}" cy="${height * 0.22}" r="${height * 0.24}" fill="${accent}" opacity="0.18"/>
  <g transform="translate(${motifX} ${motifY}) scale(${motifSize / 200})" opacity="0.92">${motifs[image.motif](accent)}</g>
  ${ground}
  <text x="${width * 0.06}" y="${height * 0.72}" font-family="${font}" font-size="${fontSize}" font-weight="bold"
    fill="#ffffff" stroke="${from}" stroke-width="${Math.max(1, fontSize / 40)}" paint-order="stroke">${escapeXml(image.title)}</text>
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
