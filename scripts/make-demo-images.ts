/**
 * Crops the demo photographs (scripts/demo-images.ts: freely licensed photographs from
 * Debian's wallpaper packages, credited in README.md) to JPEG with sharp:
 * public/images/{tenant}/{name}.jpg (544x432 profile) and {name}-cover.jpg (1500x900 cover).
 * Run once, with the packages installed; the files are committed and the seed refers to them by
 * id, so a build or a fresh clone never reads /usr/share.
 *
 *   apt-get install -y lomiri-wallpapers-16.04 lomiri-wallpapers-20.04 mate-backgrounds
 *   npx tsx scripts/make-demo-images.ts
 */
import { mkdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import sharp from "sharp";
import {
  coverImageId,
  type DemoImage,
  demoImages,
  focusedRegion,
  imageSizes,
  profileImageId,
} from "./demo-images.ts";

const SOURCES = "/usr/share/backgrounds";
const OUT = join(process.cwd(), "public", "images");

async function render(image: DemoImage, id: string, width: number, height: number): Promise<void> {
  const file = join(OUT, id);
  mkdirSync(dirname(file), { recursive: true });
  const source = sharp(join(SOURCES, image.source)).rotate();
  const meta = await source.metadata();
  if (!meta.width || !meta.height) throw new Error(`${image.source}: no size`);
  const region = focusedRegion(meta.width, meta.height, width / height, image.focus, width);
  await source
    .extract(region)
    .resize(width, height)
    .jpeg({ quality: width > 1000 ? 66 : 72, mozjpeg: true, progressive: true })
    .toFile(file);
  const kb = Math.round(statSync(file).size / 1024);
  console.log(`${id.padEnd(44)} ${width}x${height} ${kb} KB${kb > 250 ? "  (over 250 KB!)" : ""}`);
}

for (const image of demoImages) {
  const { profile, cover } = imageSizes;
  await render(image, profileImageId(image.tenant, image.name), profile.width, profile.height);
  await render(image, coverImageId(image.tenant, image.name), cover.width, cover.height);
}
