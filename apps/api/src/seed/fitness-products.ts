import {
  CommissionType,
  MinimumTerm,
  ProductDuration,
  ProductNumberType,
  ProductSalesUnit,
  ProductVersionStatus,
} from '@xp/contracts';
import { instantAfterDays } from '@xp/contracts/dates';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import * as repository from '../modules/fitness-product/fitness-product.repository.ts';
import { fitnessProducts } from '../modules/fitness-product/fitness-product.tables.ts';
import { suppliers } from '../modules/organisation/organisation.tables.ts';
import { users } from '../modules/user/user.tables.ts';
import type { Database } from '../platform/db/client.ts';
import { inTransaction } from '../platform/db/errors.ts';
import { type FilesDeps, storeImage } from '../platform/files/images.ts';

/*
 * Demo fitness products of FitSupply Nederland (decision 020): most accepted with a commission,
 * one accepted with a change awaiting the platform (in both of the supplier's tabs), one only awaiting, one
 * denied; the three number types. Pictures drawn here (as the store's), stored through the image machinery.
 */

const SIDE = 800;
const white = 'fill="#fff" fill-opacity=".88"';
const shapes = {
  treadmill: `<path d="M160 560 L600 470 L630 520 L190 610Z" ${white}/><rect x="560" y="250" width="28" height="240" rx="10" ${white}/><rect x="520" y="230" width="120" height="40" rx="14" ${white}/>`,
  bike: `<circle cx="260" cy="520" r="110" fill="none" stroke="#fff" stroke-opacity=".88" stroke-width="26"/><path d="M260 520 L400 330 L520 520 M400 330 L380 260 M340 260 H430 M520 520 L560 300 H620" fill="none" stroke="#fff" stroke-opacity=".88" stroke-width="26" stroke-linecap="round"/>`,
  dumbbell: `<rect x="250" y="385" width="300" height="30" rx="12" ${white}/><rect x="190" y="300" width="70" height="200" rx="18" ${white}/><rect x="540" y="300" width="70" height="200" rx="18" ${white}/>`,
  rower: `<rect x="150" y="500" width="500" height="30" rx="12" ${white}/><circle cx="590" cy="440" r="70" ${white}/><rect x="300" y="460" width="90" height="40" rx="10" ${white}/>`,
  trainer: `<circle cx="400" cy="250" r="70" ${white}/><path d="M300 620 L330 380 Q400 340 470 380 L500 620Z" ${white}/><path d="M330 400 L230 330 M470 400 L570 330" stroke="#fff" stroke-opacity=".88" stroke-width="30" stroke-linecap="round"/>`,
  screen: `<rect x="230" y="220" width="340" height="230" rx="24" ${white}/><rect x="385" y="450" width="30" height="150" ${white}/><path d="M350 300 L350 380 L430 340Z" fill="#000" fill-opacity=".25"/>`,
};
type Shape = keyof typeof shapes;

const svg = (from: string, to: string, shape: Shape) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${SIDE}" height="${SIDE}" fill="url(#g)"/>${shapes[shape]}</svg>`;

interface DemoImage {
  file: string;
  colors: readonly [string, string];
  shape: Shape;
}
interface DemoVersion {
  name: string;
  description: string;
  numberType: number;
  purchasePriceCents: number;
  vatPercentage: number;
  salesUnit: number;
  duration: number;
  images: readonly DemoImage[];
}
interface DemoProduct {
  first: DemoVersion;
  /** Accepted with this commission (margins in cents); else the first version's decision below. */
  commission?: {
    commissionType: number;
    minimumTerm: number;
    platformMarginCents: number;
    regionManagerMarginCents: number;
    gymMarginCents: number;
  };
  denyReason?: string;
  /** A change awaiting the platform after the accepted version. */
  change?: Partial<DemoVersion>;
  daysAgo: number;
}

const demoProducts: readonly DemoProduct[] = [
  {
    first: {
      name: 'Loopband Pro 500',
      description:
        'Professionele loopband tot 20 km/u, hellingshoek tot 15 %, geschikt voor intensief clubgebruik.',
      numberType: ProductNumberType.Equipment,
      purchasePriceCents: 249_995,
      vatPercentage: 21,
      salesUnit: ProductSalesUnit.Pieces,
      duration: ProductDuration.NotApplicable,
      images: [
        { file: 'loopband-voorkant.png', colors: ['#1c92d2', '#0b3d91'], shape: 'treadmill' },
        { file: 'loopband-scherm.png', colors: ['#4facfe', '#1c5d99'], shape: 'screen' },
      ],
    },
    commission: {
      commissionType: CommissionType.Pieces,
      minimumTerm: MinimumTerm.NotNeeded,
      platformMarginCents: 15_000,
      regionManagerMarginCents: 5_000,
      gymMarginCents: 10_000,
    },
    daysAgo: 40,
  },
  {
    first: {
      name: 'Crosstrainer iFit X7',
      description:
        'Crosstrainer met touchscreen en iFit-lessen: trainen met een persoonlijke coach op het scherm.',
      numberType: ProductNumberType.EquipmentWithIFit,
      purchasePriceCents: 189_900,
      vatPercentage: 21,
      salesUnit: ProductSalesUnit.Monthly,
      duration: ProductDuration.Months24,
      images: [
        { file: 'crosstrainer.png', colors: ['#ff7a18', '#af002d'], shape: 'bike' },
        { file: 'crosstrainer-ifit.png', colors: ['#f7971e', '#c0392b'], shape: 'screen' },
        { file: 'crosstrainer-zijkant.png', colors: ['#ee9ca7', '#b24592'], shape: 'bike' },
      ],
    },
    commission: {
      commissionType: CommissionType.Monthly,
      minimumTerm: MinimumTerm.Months24,
      platformMarginCents: 2_500,
      regionManagerMarginCents: 1_000,
      gymMarginCents: 1_500,
    },
    change: {
      name: 'Crosstrainer iFit X7 (2027)',
      description: 'Nieuw model met groter scherm en stillere aandrijving; iFit-lessen inbegrepen.',
      purchasePriceCents: 199_900,
    },
    daysAgo: 30,
  },
  {
    first: {
      name: 'Personal training 12 maanden',
      description:
        'Een jaar lang wekelijks een uur training met een gecertificeerde personal trainer op de locatie.',
      numberType: ProductNumberType.PersonalTrainer,
      purchasePriceCents: 4_500,
      vatPercentage: 21,
      salesUnit: ProductSalesUnit.Monthly,
      duration: ProductDuration.Months12,
      images: [{ file: 'personal-trainer.png', colors: ['#a8e063', '#2f8f2f'], shape: 'trainer' }],
    },
    commission: {
      commissionType: CommissionType.Monthly,
      minimumTerm: MinimumTerm.Months12,
      platformMarginCents: 500,
      regionManagerMarginCents: 250,
      gymMarginCents: 1_000,
    },
    daysAgo: 20,
  },
  {
    first: {
      name: 'Dumbbellset 2-20 kg',
      description: 'Tien paar rubberen dumbbells van 2 tot 20 kg met een stevig rek.',
      numberType: ProductNumberType.Equipment,
      purchasePriceCents: 89_950,
      vatPercentage: 21,
      salesUnit: ProductSalesUnit.Pieces,
      duration: ProductDuration.NotApplicable,
      images: [
        { file: 'dumbbells.png', colors: ['#434343', '#000000'], shape: 'dumbbell' },
        { file: 'dumbbells-rek.png', colors: ['#606c88', '#3f4c6b'], shape: 'dumbbell' },
      ],
    },
    daysAgo: 2,
  },
  {
    first: {
      name: 'Roeitrainer Air',
      description: 'Roeitrainer met luchtweerstand.',
      numberType: ProductNumberType.Equipment,
      purchasePriceCents: 99_500,
      vatPercentage: 21,
      salesUnit: ProductSalesUnit.Pieces,
      duration: ProductDuration.NotApplicable,
      images: [{ file: 'roeitrainer.png', colors: ['#b993d6', '#5c4b8a'], shape: 'rower' }],
    },
    denyReason: 'De omschrijving is te kort: vermeld de afmetingen en het maximale gebruikersgewicht.',
    daysAgo: 10,
  },
];

async function draw(files: FilesDeps, image: DemoImage): Promise<repository.ImageValues> {
  const png = await sharp(Buffer.from(svg(image.colors[0], image.colors[1], image.shape)))
    .png()
    .toBuffer();
  const stored = await storeImage(
    files,
    { filename: image.file, mimetype: 'image/png', data: png },
    { field: 'images' },
  );
  return { imageHash: stored.hash, fileName: image.file };
}

const versionValues = (version: DemoVersion, createdBy: number | null) => ({
  name: version.name,
  description: version.description,
  numberType: version.numberType,
  purchasePriceCents: version.purchasePriceCents,
  vatPercentage: version.vatPercentage,
  salesUnit: version.salesUnit,
  duration: version.duration,
  createdBy,
});

/** Does nothing when FitSupply Nederland already has products (or does not exist). */
export async function seedFitnessProducts(db: Database, files: FilesDeps): Promise<void> {
  const [supplier] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.name, 'FitSupply Nederland'));
  if (!supplier) return;
  const [existing] = await db
    .select({ n: count() })
    .from(fitnessProducts)
    .where(eq(fitnessProducts.supplierId, supplier.id));
  if ((existing?.n ?? 0) > 0) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  const [supplierUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'leverancier@example.com'));
  const adminId = admin?.id ?? null;
  const supplierUserId = supplierUser?.id ?? null;

  // Images first (files outside the transaction, as the API stores uploads).
  const drawn = new Map<string, repository.ImageValues>();
  for (const product of demoProducts)
    for (const image of product.first.images) drawn.set(image.file, await draw(files, image));
  const imagesOf = (version: DemoVersion) => version.images.map((image) => drawn.get(image.file)!);

  await inTransaction(db, async (tx) => {
    for (const product of demoProducts) {
      const createdAt = instantAfterDays(-product.daysAgo);
      const decidedAt = instantAfterDays(1, createdAt);
      const productId = await repository.insertProduct(tx, supplier.id, product.first.name.toLowerCase());
      const firstId = await repository.insertVersion(
        tx,
        productId,
        versionValues(product.first, supplierUserId),
        imagesOf(product.first),
      );
      await repository.updateVersion(tx, firstId, { createdAt });
      if (product.commission) {
        await repository.updateVersion(tx, firstId, {
          ...product.commission,
          status: ProductVersionStatus.Accepted,
          decidedBy: adminId,
          decidedAt,
        });
        await repository.updateProduct(tx, productId, { acceptedVersionId: firstId });
      } else if (product.denyReason) {
        await repository.updateVersion(tx, firstId, {
          status: ProductVersionStatus.Denied,
          denyReason: product.denyReason,
          decidedBy: adminId,
          decidedAt,
        });
      } else {
        await repository.updateProduct(tx, productId, { pendingVersionId: firstId });
      }
      if (product.change) {
        const changed = { ...product.first, ...product.change };
        const changeId = await repository.insertVersion(
          tx,
          productId,
          versionValues(changed, supplierUserId),
          imagesOf(changed),
        );
        await repository.updateProduct(tx, productId, { pendingVersionId: changeId });
      }
    }
  });
}
