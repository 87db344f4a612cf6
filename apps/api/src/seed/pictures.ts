import { Theme } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { challengeTemplates } from '../modules/challenge-template/challenge-template.tables.ts';
import { pictureBankItems } from '../modules/picture-bank/picture-bank.tables.ts';
import type { Database } from '../platform/db/client.ts';
import { type FilesDeps, storeImage } from '../platform/files/images.ts';

/*
 * Demo pictures for the picture bank: abstract banners drawn here (no photos to license), two per theme,
 * stored through the same `storeImage` as uploads. Each demo template gets the first picture of its theme.
 */

const WIDTH = 1200;
const HEIGHT = 600;

const motifs = {
  waves: `<path d="M0 420 C 200 360 400 480 600 420 S 1000 360 1200 420 V600 H0Z" fill="#fff" fill-opacity=".18"/>
<path d="M0 480 C 250 430 450 540 700 480 S 1050 430 1200 490 V600 H0Z" fill="#fff" fill-opacity=".22"/>`,
  circles: `<circle cx="950" cy="180" r="120" fill="#fff" fill-opacity=".25"/>
<circle cx="1050" cy="320" r="60" fill="#fff" fill-opacity=".2"/>
<circle cx="200" cy="460" r="180" fill="#fff" fill-opacity=".12"/>`,
  track: `<ellipse cx="600" cy="330" rx="520" ry="210" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="26"/>
<ellipse cx="600" cy="330" rx="430" ry="150" fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="14"/>`,
  leaves: `<ellipse cx="900" cy="250" rx="170" ry="70" transform="rotate(-30 900 250)" fill="#fff" fill-opacity=".22"/>
<ellipse cx="1000" cy="380" rx="150" ry="60" transform="rotate(25 1000 380)" fill="#fff" fill-opacity=".18"/>
<ellipse cx="260" cy="420" rx="200" ry="80" transform="rotate(-15 260 420)" fill="#fff" fill-opacity=".14"/>`,
  drops: `<path d="M880 120 C 940 220 980 270 980 320 A100 100 0 0 1 780 320 C 780 270 820 220 880 120Z" fill="#fff" fill-opacity=".24"/>
<path d="M300 260 C 330 310 350 335 350 360 A50 50 0 0 1 250 360 C 250 335 270 310 300 260Z" fill="#fff" fill-opacity=".2"/>`,
  ripples: `<circle cx="600" cy="300" r="90" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="10"/>
<circle cx="600" cy="300" r="180" fill="none" stroke="#fff" stroke-opacity=".2" stroke-width="10"/>
<circle cx="600" cy="300" r="270" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="10"/>`,
};

const demoPictures = [
  {
    fileName: 'bewegen-golven.png',
    category: Theme.Movement,
    colors: ['#ff7a18', '#af002d'],
    motif: 'waves',
  },
  { fileName: 'bewegen-baan.png', category: Theme.Movement, colors: ['#1c92d2', '#0b3d91'], motif: 'track' },
  {
    fileName: 'voeding-bladeren.png',
    category: Theme.Nutrition,
    colors: ['#a8e063', '#2f8f2f'],
    motif: 'leaves',
  },
  {
    fileName: 'voeding-water.png',
    category: Theme.Nutrition,
    colors: ['#4facfe', '#00c9a7'],
    motif: 'drops',
  },
  {
    fileName: 'ontspanning-rust.png',
    category: Theme.Relaxation,
    colors: ['#b993d6', '#5c4b8a'],
    motif: 'ripples',
  },
  {
    fileName: 'ontspanning-kringen.png',
    category: Theme.Relaxation,
    colors: ['#f7c59f', '#c06c84'],
    motif: 'circles',
  },
] as const;

const svg = (from: string, to: string, motif: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>${motif}</svg>`;

/** Draws and stores the demo pictures and gives every demo template without a banner one of its theme. */
export async function seedPictures(db: Database, files: FilesDeps): Promise<void> {
  const firstOfTheme = new Map<number, { id: number; hash: string }>();
  for (const picture of demoPictures) {
    const [from, to] = picture.colors;
    const png = await sharp(Buffer.from(svg(from, to, motifs[picture.motif])))
      .png()
      .toBuffer();
    const stored = await storeImage(
      files,
      { filename: picture.fileName, mimetype: 'image/png', data: png },
      { field: 'picture' },
    );
    const [row] = await db
      .insert(pictureBankItems)
      .values({
        fileHash: stored.hash,
        fileName: picture.fileName,
        category: picture.category,
        isActive: true,
      })
      .returning({ id: pictureBankItems.id });
    if (!firstOfTheme.has(picture.category))
      firstOfTheme.set(picture.category, { id: row!.id, hash: stored.hash });
  }
  for (const [theme, picture] of firstOfTheme) {
    await db
      .update(challengeTemplates)
      .set({ pictureBankItemId: picture.id, challengeBannerHash: picture.hash })
      .where(eq(challengeTemplates.theme, theme));
  }
}
