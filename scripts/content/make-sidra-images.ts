/**
 * Draws the Sidra Science Centre's abstract pictures (no photographs: the demo venue is invented)
 * as SVG and writes them with sharp, at the demo pictures' sizes: <name>.jpg (544x432 card) and
 * <name>-cover.jpg (1500x900 page band), in src/content/catalogue/sidra-science/images/.
 *
 *   npx tsx scripts/content/make-sidra-images.ts
 */
import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

const OUT = join(process.cwd(), "src", "content", "catalogue", "sidra-science", "images");
const NIGHT = "#14163a";
const INDIGO = "#3730a3";
const AMBER = "#f2a93b";
const TEAL = "#2a9d8f";

/** A repeatable sequence of numbers in [0, 1), so the pictures are the same on every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function stars(w: number, h: number, n: number, seed: number, maxY = h): string {
  const r = random(seed);
  return Array.from({ length: n }, () => {
    const size = 0.5 + r() * r() * 2.5;
    return `<circle cx="${(r() * w).toFixed(1)}" cy="${(r() * maxY).toFixed(1)}" r="${size.toFixed(2)}" fill="#fff" opacity="${(0.4 + r() * 0.6).toFixed(2)}"/>`;
  }).join("");
}

function sky(w: number, h: number, top: string, bottom: string): string {
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#sky)"/>`;
}

type Draw = (w: number, h: number) => string;

const pictures: Record<string, Draw> = {
  entry: (w, h) => {
    const r = random(7);
    const colours = [INDIGO, AMBER, TEAL, "#e76f51", "#8ecae6"];
    const shapes = Array.from({ length: 18 }, (_, i) => {
      const x = r() * w;
      const y = r() * h;
      const s = (0.06 + r() * 0.14) * h;
      const fill = colours[i % colours.length];
      const op = (0.75 + r() * 0.25).toFixed(2);
      if (i % 3 === 0) return `<circle cx="${x}" cy="${y}" r="${s}" fill="${fill}" opacity="${op}"/>`;
      if (i % 3 === 1)
        return `<rect x="${x - s}" y="${y - s}" width="${2 * s}" height="${2 * s}" fill="${fill}" opacity="${op}" transform="rotate(${Math.round(r() * 90)} ${x} ${y})"/>`;
      return `<polygon points="${x},${y - s} ${x + s},${y + s * 0.8} ${x - s},${y + s * 0.8}" fill="${fill}" opacity="${op}"/>`;
    }).join("");
    return `${sky(w, h, "#f5f6fb", "#e7e9f6")}${shapes}`;
  },
  "planetarium-planets": (w, h) =>
    `${sky(w, h, NIGHT, "#23276b")}${stars(w, h, Math.round((w * h) / 2500), 11)}
     <ellipse cx="${w * 0.42}" cy="${h * 0.55}" rx="${h * 0.5}" ry="${h * 0.09}" fill="none" stroke="${AMBER}" stroke-width="${h * 0.025}" opacity="0.85" transform="rotate(-14 ${w * 0.42} ${h * 0.55})"/>
     <defs><radialGradient id="lit" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#f9d28c"/><stop offset="1" stop-color="#d98a1f"/></radialGradient></defs>
     <circle cx="${w * 0.42}" cy="${h * 0.55}" r="${h * 0.26}" fill="url(#lit)"/>
     <circle cx="${w * 0.76}" cy="${h * 0.26}" r="${h * 0.07}" fill="${TEAL}"/>
     <circle cx="${w * 0.85}" cy="${h * 0.72}" r="${h * 0.04}" fill="#8ecae6"/>`,
  "planetarium-stars": (w, h) =>
    `${sky(w, h, "#0b0d2a", "#3730a3")}${stars(w, h, Math.round((w * h) / 1200), 23, h * 0.75)}
     <path d="M0 ${h * 0.8} Q ${w * 0.2} ${h * 0.68} ${w * 0.42} ${h * 0.78} T ${w * 0.8} ${h * 0.74} T ${w} ${h * 0.76} V ${h} H 0 Z" fill="#c9822a"/>
     <path d="M0 ${h * 0.9} Q ${w * 0.3} ${h * 0.8} ${w * 0.55} ${h * 0.88} T ${w} ${h * 0.86} V ${h} H 0 Z" fill="#8a5518"/>`,
  "planetarium-black-holes": (w, h) =>
    `<defs><radialGradient id="glow"><stop offset="0.38" stop-color="#000"/><stop offset="0.45" stop-color="#ffd27a"/><stop offset="0.6" stop-color="${AMBER}" stop-opacity="0.8"/><stop offset="1" stop-color="${NIGHT}" stop-opacity="0"/></radialGradient></defs>
     <rect width="${w}" height="${h}" fill="#07081c"/>${stars(w, h, Math.round((w * h) / 3000), 31)}
     <circle cx="${w / 2}" cy="${h / 2}" r="${h * 0.45}" fill="url(#glow)"/>
     <circle cx="${w / 2}" cy="${h / 2}" r="${h * 0.17}" fill="#000"/>`,
  "annual-pass": (w, h) =>
    `${sky(w, h, "#f5f6fb", "#e7e9f6")}
     <circle cx="${w * 0.38}" cy="${h * 0.5}" r="${h * 0.32}" fill="${INDIGO}" opacity="0.9"/>
     <circle cx="${w * 0.55}" cy="${h * 0.45}" r="${h * 0.26}" fill="${TEAL}" opacity="0.8"/>
     <circle cx="${w * 0.64}" cy="${h * 0.62}" r="${h * 0.18}" fill="${AMBER}" opacity="0.85"/>
     <circle cx="${w * 0.7}" cy="${h * 0.3}" r="${h * 0.1}" fill="${AMBER}" opacity="0.7"/>`,
  "gift-card": (w, h) =>
    `${sky(w, h, INDIGO, NIGHT)}
     <rect x="${w / 2 - h * 0.04}" y="0" width="${h * 0.08}" height="${h}" fill="${AMBER}"/>
     <rect x="0" y="${h / 2 - h * 0.04}" width="${w}" height="${h * 0.08}" fill="${AMBER}"/>
     <ellipse cx="${w / 2 - h * 0.16}" cy="${h / 2 - h * 0.1}" rx="${h * 0.16}" ry="${h * 0.08}" fill="none" stroke="${AMBER}" stroke-width="${h * 0.03}" transform="rotate(-25 ${w / 2 - h * 0.16} ${h / 2 - h * 0.1})"/>
     <ellipse cx="${w / 2 + h * 0.16}" cy="${h / 2 - h * 0.1}" rx="${h * 0.16}" ry="${h * 0.08}" fill="none" stroke="${AMBER}" stroke-width="${h * 0.03}" transform="rotate(25 ${w / 2 + h * 0.16} ${h / 2 - h * 0.1})"/>`,
  donation: (w, h) => {
    const dots = Array.from({ length: 90 }, (_, i) => {
      const t = i / 90;
      const a = t * Math.PI * 7;
      const rad = h * (0.05 + 0.4 * t);
      const x = w / 2 + Math.cos(a) * rad;
      const y = h * 0.55 + Math.sin(a) * rad * 0.8 - t * h * 0.1;
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(h * (0.006 + 0.02 * t)).toFixed(1)}" fill="${i % 2 ? AMBER : TEAL}"/>`;
    }).join("");
    return `${sky(w, h, "#f5f6fb", "#e7e9f6")}${dots}`;
  },
};

mkdirSync(OUT, { recursive: true });
for (const [name, draw] of Object.entries(pictures)) {
  for (const [file, w, h] of [
    [`${name}.jpg`, 544, 432],
    [`${name}-cover.jpg`, 1500, 900],
  ] as const) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${draw(w, h)}</svg>`;
    const path = join(OUT, file);
    await sharp(Buffer.from(svg))
      .jpeg({ quality: w > 1000 ? 66 : 72, mozjpeg: true, progressive: true })
      .toFile(path);
    console.log(`${file.padEnd(36)} ${w}x${h} ${Math.round(statSync(path).size / 1024)} KB`);
  }
}
