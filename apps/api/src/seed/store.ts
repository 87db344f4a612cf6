import { RedemptionStatus, StoreItemCategory, storeVatPercentage } from '@xp/contracts';
import { instantAfterDays } from '@xp/contracts/dates';
import { count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { employers } from '../modules/organisation/organisation.tables.ts';
import * as repository from '../modules/store/store.repository.ts';
import { storeItems } from '../modules/store/store.tables.ts';
import { users } from '../modules/user/user.tables.ts';
import { balanceOf, transfer } from '../modules/xp/xp.ledger.ts';
import type { Database } from '../platform/db/client.ts';
import { inTransaction } from '../platform/db/errors.ts';
import { type FilesDeps, storeImage } from '../platform/files/images.ts';

/*
 * Demo store: products of the platform and one of Bakkerij Jansen, with pictures drawn here (as the picture
 * bank's), and orders of its employees in every delivery status. Every XP movement goes through the ledger.
 */

const SIDE = 800;

const shapes = {
  shirt: `<path d="M280 200 L360 160 Q400 200 440 160 L520 200 L600 280 L540 330 L510 300 L510 620 L290 620 L290 300 L260 330 L200 280Z" fill="#fff" fill-opacity=".85"/>`,
  bag: `<rect x="210" y="330" width="380" height="260" rx="40" fill="#fff" fill-opacity=".85"/>
<path d="M320 330 Q320 230 400 230 Q480 230 480 330" fill="none" stroke="#fff" stroke-opacity=".85" stroke-width="28"/>`,
  bottle: `<rect x="330" y="250" width="140" height="360" rx="50" fill="#fff" fill-opacity=".85"/>
<rect x="365" y="180" width="70" height="80" rx="14" fill="#fff" fill-opacity=".85"/>`,
  ticket: `<path d="M180 300 H620 V370 A40 40 0 0 0 620 450 V520 H180 V450 A40 40 0 0 0 180 370Z" fill="#fff" fill-opacity=".85"/>
<line x1="470" y1="310" x2="470" y2="510" stroke-dasharray="14 12" stroke="#000" stroke-opacity=".25" stroke-width="6"/>`,
  mat: `<rect x="200" y="250" width="400" height="300" rx="150" fill="#fff" fill-opacity=".85"/>
<rect x="250" y="330" width="300" height="140" rx="70" fill="#000" fill-opacity=".08"/>`,
  cake: `<rect x="230" y="380" width="340" height="190" rx="24" fill="#fff" fill-opacity=".9"/>
<rect x="270" y="300" width="260" height="90" rx="20" fill="#fff" fill-opacity=".75"/>
<rect x="390" y="220" width="20" height="80" fill="#fff" fill-opacity=".9"/><circle cx="400" cy="205" r="18" fill="#ffd54f"/>`,
};

const svg = (from: string, to: string, shape: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${SIDE}" height="${SIDE}" fill="url(#g)"/>${shape}</svg>`;

const demoItems = [
  {
    name: 'Sportshirt Dry-Fit',
    description: 'Ademend sportshirt van gerecycled polyester, in maat S tot en met XXL.',
    category: StoreItemCategory.SportClothes,
    cost: 2500,
    stock: 40,
    colors: ['#1c92d2', '#0b3d91'],
    shape: 'shirt',
  },
  {
    name: 'Sporttas',
    description: 'Ruime sporttas met apart schoenenvak en verstelbare schouderband.',
    category: StoreItemCategory.Accessories,
    cost: 4500,
    stock: 15,
    colors: ['#ff7a18', '#af002d'],
    shape: 'bag',
  },
  {
    name: 'Bidon 750 ml',
    description: 'Lekvrije drinkfles zonder BPA, vaatwasserbestendig.',
    category: StoreItemCategory.Accessories,
    cost: 900,
    stock: 120,
    colors: ['#4facfe', '#00c9a7'],
    shape: 'bottle',
  },
  {
    name: 'Duoticket zwembad',
    description: 'Toegang voor twee personen tot een deelnemend zwembad, een jaar geldig.',
    category: StoreItemCategory.Tickets,
    cost: 1500,
    stock: 50,
    colors: ['#b993d6', '#5c4b8a'],
    shape: 'ticket',
  },
  {
    name: 'Yogamat',
    description: 'Antislip yogamat van 6 mm met draagriem.',
    category: StoreItemCategory.Accessories,
    cost: 3500,
    stock: 0,
    colors: ['#a8e063', '#2f8f2f'],
    shape: 'mat',
  },
] as const;

const jansenItem = {
  name: 'Taart naar keuze',
  description: 'Een taart uit onze eigen bakkerij, op te halen in de winkel.',
  category: StoreItemCategory.None,
  cost: 1200,
  stock: 20,
  colors: ['#f7c59f', '#c06c84'],
  shape: 'cake',
} as const;

/** Orders of Bakkerij Jansen's employees: item, buyer and the status it reached. */
const demoOrders = [
  {
    item: 'Sportshirt Dry-Fit',
    email: 'anouk.jansen@example.com',
    status: RedemptionStatus.Delivered,
    daysAgo: 12,
  },
  { item: 'Bidon 750 ml', email: 'mohamed.elidrissi@example.com', status: RedemptionStatus.Sent, daysAgo: 4 },
  {
    item: 'Taart naar keuze',
    email: 'lisa.vandam@example.com',
    status: RedemptionStatus.Ordered,
    daysAgo: 1,
  },
  {
    item: 'Duoticket zwembad',
    email: 'tom.peters@example.com',
    status: RedemptionStatus.Cancelled,
    daysAgo: 6,
  },
  { item: 'Bidon 750 ml', email: 'anouk.jansen@example.com', status: RedemptionStatus.Ordered, daysAgo: 0 },
] as const;

async function draw(
  files: FilesDeps,
  name: string,
  colors: readonly [string, string],
  shape: keyof typeof shapes,
) {
  const png = await sharp(Buffer.from(svg(colors[0], colors[1], shapes[shape])))
    .png()
    .toBuffer();
  return (
    await storeImage(files, { filename: `${name}.png`, mimetype: 'image/png', data: png }, { field: 'image' })
  ).hash;
}

/** Draws and adds the demo store, once (skipped when the store has items). */
export async function seedStore(db: Database, files: FilesDeps): Promise<void> {
  const [existing] = await db.select({ value: count() }).from(storeItems);
  if ((existing?.value ?? 0) > 0) return;
  const [jansen] = await db.select().from(employers).where(eq(employers.name, 'Bakkerij Jansen B.V.'));
  const [staff] = await db.select().from(users).where(eq(users.email, 'werkgever@example.com'));
  const ids = new Map<string, number>();
  for (const item of demoItems) {
    const made = await repository.insertItem(db, null, {
      name: item.name,
      description: item.description,
      category: item.category,
      cost: item.cost,
      stock: item.stock,
      imageHash: await draw(files, item.name, item.colors, item.shape),
    });
    ids.set(item.name, made.id);
  }
  if (!jansen) return;
  const own = await repository.insertItem(db, jansen.id, {
    name: jansenItem.name,
    description: jansenItem.description,
    category: jansenItem.category,
    cost: jansenItem.cost,
    stock: jansenItem.stock,
    imageHash: await draw(files, jansenItem.name, jansenItem.colors, jansenItem.shape),
  });
  ids.set(jansenItem.name, own.id);

  const buyers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        demoOrders.map((order) => order.email),
      ),
    );
  const byEmail = new Map(buyers.map((buyer) => [buyer.email, buyer.id]));
  for (const order of demoOrders) {
    const userId = byEmail.get(order.email);
    const itemId = ids.get(order.item);
    if (userId === undefined || itemId === undefined) continue;
    await inTransaction(db, async (tx) => {
      const sold = (await repository.takeOne(tx, itemId))!;
      // Demo XP enough for the order: issued to the employer (a correction) and granted, when short.
      const short = sold.cost - (await balanceOf(tx, { kind: 'wallet', userId }));
      if (short > 0) {
        await transfer(tx, {
          kind: 'correction',
          from: { kind: 'issuance' },
          to: { kind: 'employer', employerId: jansen.id },
          amount: short,
          employerId: jansen.id,
          reason: 'Demo: XP voor de winkel',
        });
        await transfer(tx, {
          kind: 'grant',
          from: { kind: 'employer', employerId: jansen.id },
          to: { kind: 'wallet', userId },
          amount: short,
          employerId: jansen.id,
          userId,
          createdBy: staff?.id ?? null,
        });
      }
      const createdAt = instantAfterDays(-order.daysAgo);
      const orderId = await repository.insertRedemption(tx, {
        storeItemId: sold.id,
        itemName: sold.name,
        cost: sold.cost,
        vatPercentage: storeVatPercentage(sold.category),
        userId,
        employerId: jansen.id,
        createdAt,
      });
      await transfer(tx, {
        kind: 'redemption',
        from: { kind: 'wallet', userId },
        to: { kind: 'store' },
        amount: sold.cost,
        employerId: jansen.id,
        userId,
        redemptionId: orderId,
        createdBy: userId,
      });
      if (order.status === RedemptionStatus.Ordered) return;
      if (order.status === RedemptionStatus.Cancelled) {
        await transfer(tx, {
          kind: 'refund',
          from: { kind: 'store' },
          to: { kind: 'wallet', userId },
          amount: sold.cost,
          employerId: jansen.id,
          userId,
          redemptionId: orderId,
          createdBy: staff?.id ?? null,
        });
        await repository.putBack(tx, sold.id);
      }
      await repository.setRedemptionStatus(tx, orderId, order.status);
    });
  }
}
