import {
  categories,
  classCodes,
  orderLines,
  orders,
  productGroupItems,
  productGroups,
} from '../db/schema';
import type { Database } from '../db/client';
import type { TestApp } from './test-app';
import { insertProduct } from './shopping-fixtures';
import { sanitizeProductName } from '../modules/catalogue';

type Names = { en: string; fr: string; es: string };
type Spec = {
  code: string;
  cat: string;
  cls: string;
  names: Names;
  brand?: string;
  colour?: string;
  type?: string;
  size?: string;
  barcode?: string;
  ca?: [number, number, number | null, number];
  us?: [number, number, number | null, number];
  active?: boolean;
  shipPack?: number;
};

export const SCRIPT_NAME =
  'Snap <b>fastener</b><script>alert(1)</script><img src=x onerror=alert(2)>';

/**
 * The categories Buttons › Wooden buttons › 15 mm, in three languages; the catalogue fixtures grow
 * the tree around them, the categories tests read them alone.
 */
export async function insertWoodenButtons(db: Database) {
  const [bt] = await db
    .insert(categories)
    .values({
      level: 1,
      catCode: 'BT',
      nameEn: 'Buttons',
      nameFr: 'Boutons',
      nameEs: 'Botones',
      sortOrder: 1,
    })
    .returning();
  const [wd] = await db
    .insert(categories)
    .values({
      parentId: bt.id,
      level: 2,
      catCode: 'BT-WD',
      nameEn: 'Wooden buttons',
      nameFr: 'Boutons en bois',
      nameEs: 'Botones de madera',
    })
    .returning();
  const [wd15] = await db
    .insert(categories)
    .values({
      parentId: wd.id,
      level: 3,
      catCode: 'BT-WD-15',
      nameEn: '15 mm',
      nameFr: '15 mm',
      nameEs: '15 mm',
    })
    .returning();
  return { bt, wd, wd15 };
}

/**
 * A small catalogue for the catalogue and search tests (the demo generator is not used, so every
 * expectation below is exact): Buttons › Wooden › 15 mm, Buttons › Plastic (30 filler products),
 * Threads; class codes F/R/Y/N/A; one group; one recent and one old order.
 */
export async function insertCatalogueFixtures(t: TestApp) {
  const db = t.handle.db;
  const { bt, wd, wd15 } = await insertWoodenButtons(db);
  const [pl] = await db
    .insert(categories)
    .values({
      parentId: bt.id,
      level: 2,
      catCode: 'BT-PL',
      nameEn: 'Plastic buttons',
      nameFr: 'Boutons en plastique',
      nameEs: 'Botones de plástico',
      sortOrder: 2,
    })
    .returning();
  const [th] = await db
    .insert(categories)
    .values({
      level: 1,
      catCode: 'TH',
      nameEn: 'Threads',
      nameFr: 'Fils',
      nameEs: 'Hilos',
      sortOrder: 2,
    })
    .returning();
  await db.insert(categories).values({
    level: 1,
    catCode: 'ZP',
    nameEn: 'Zippers',
    nameFr: 'Fermetures',
    nameEs: 'Cremalleras',
    sortOrder: 3,
    hidden: true,
  });
  const cat: Record<string, number> = {
    BT: bt.id,
    'BT-WD': wd.id,
    'BT-WD-15': wd15.id,
    'BT-PL': pl.id,
    TH: th.id,
  };

  await db.insert(classCodes).values([
    { code: 'A', labelEn: 'Regular', labelFr: 'Régulier', labelEs: 'Regular' },
    { code: 'F', labelEn: 'New', labelFr: 'Nouveau', labelEs: 'Nuevo' },
    { code: 'N', labelEn: 'Coming soon', labelFr: 'Bientôt', labelEs: 'Próximamente' },
    { code: 'R', labelEn: 'Clearance', labelFr: 'Liquidation', labelEs: 'Liquidación' },
    { code: 'Y', labelEn: 'On sale', labelFr: 'En solde', labelEs: 'En oferta' },
  ]);

  const specs: Spec[] = [
    {
      code: 'BT-1001',
      cat: 'BT-WD-15',
      cls: 'F',
      names: {
        en: 'Wooden button 15 mm, red',
        fr: 'Bouton en bois 15 mm, rouge',
        es: 'Botón de madera 15 mm, rojo',
      },
      brand: 'Acme',
      colour: 'Red',
      type: 'Wooden',
      size: '15 mm',
      barcode: '060000123457',
      ca: [500, 300, null, 12],
      us: [450, 280, null, 3],
    },
    {
      code: 'BT-1002',
      cat: 'BT-PL',
      cls: 'Y',
      names: {
        en: 'Plastic buttons, blue',
        fr: 'Boutons en plastique, bleu',
        es: 'Botones de plástico, azul',
      },
      brand: 'Bravo',
      colour: 'Blue',
      type: 'Plastic',
      size: '20 mm',
      barcode: '060000765432',
      ca: [600, 400, 350, 5],
    },
    {
      code: 'BT-1003',
      cat: 'BT-WD',
      cls: 'N',
      names: { en: 'Coconut shell button', fr: 'Bouton en noix de coco', es: 'Botón de coco' },
      brand: 'Acme',
      colour: 'Brown',
      ca: [700, 450, null, 0],
    },
    {
      code: 'TH-2001',
      cat: 'TH',
      cls: 'F',
      names: {
        en: 'Cotton thread, white',
        fr: 'Fil de coton, blanc',
        es: 'Hilo de algodón, blanco',
      },
      brand: 'Gamma',
      colour: 'White',
      ca: [250, 150, null, 40],
      us: [240, 140, null, 8],
      shipPack: 6,
    },
    {
      code: 'TH-2002',
      cat: 'TH',
      cls: 'A',
      names: { en: SCRIPT_NAME, fr: SCRIPT_NAME, es: SCRIPT_NAME },
      ca: [100, 90, null, 2],
    },
    {
      code: 'TH-9999',
      cat: 'TH',
      cls: 'A',
      names: { en: 'Retired thread', fr: 'Fil retiré', es: 'Hilo retirado' },
      ca: [1, 1, null, 1],
      active: false,
    },
  ];
  for (let i = 0; i < 30; i++) {
    specs.push({
      code: `BT-30${String(i).padStart(2, '0')}`,
      cat: 'BT-PL',
      cls: 'A',
      names: {
        en: `Shirt button model ${i}`,
        fr: `Bouton de chemise modèle ${i}`,
        es: `Botón de camisa modelo ${i}`,
      },
      brand: i % 2 === 0 ? 'Acme' : 'Bravo',
      colour: i % 3 === 0 ? 'Black' : 'White',
      size: '11 mm',
      ca: [300, 200, null, i],
    });
  }

  const ids: Record<string, number> = {};
  const about = { en: 'About ', fr: 'À propos : ', es: 'Acerca de ' };
  for (const s of specs) {
    const prices = (country: 'ca' | 'us') => {
      const price = s[country];
      return (
        price && {
          retailPriceCents: price[0],
          sellingPriceCents: price[1],
          sellingPrice2Cents: price[2],
          available: price[3],
        }
      );
    };
    ids[s.code] = await insertProduct(
      db,
      {
        productId: s.code,
        classCode: s.cls,
        categoryId: cat[s.cat],
        brand: s.brand ?? null,
        colour: s.colour ?? null,
        type: s.type ?? null,
        size: s.size ?? null,
        barcode: s.barcode ?? null,
        active: s.active ?? true,
        shipPack: s.shipPack ?? 1,
        contentTypes: s.code === 'BT-1001' ? 'Videos,Patterns & Inspiration' : '',
      },
      (['en', 'fr', 'es'] as const).map((lang) => ({
        lang,
        name: sanitizeProductName(s.names[lang]),
        description: `${about[lang]}${s.names[lang]}`,
      })),
      { ca: prices('ca'), us: prices('us') },
    );
  }

  const [group] = await db
    .insert(productGroups)
    .values({
      titleEn: 'Spring picks',
      titleFr: 'Choix du printemps',
      titleEs: 'Selección de primavera',
    })
    .returning();
  const members = [
    'TH-2001',
    'BT-1001',
    'BT-1002',
    ...Array.from({ length: 30 }, (_, i) => `BT-30${String(i).padStart(2, '0')}`),
  ];
  await db
    .insert(productGroupItems)
    .values(
      members.map((code, position) => ({ groupId: group.id, productId: ids[code], position })),
    );

  // Best sellers: a recent Canadian order (TH-2001 × 50, BT-1002 × 2) and an old one (BT-3001 × 1000, 120 days ago).
  const buyer = await t.signIn({ country: 'ca' });
  const line = (code: string, quantity: number, orderId: number) => ({
    orderId,
    productId: ids[code],
    productCode: code,
    name: code,
    classCode: 'A',
    quantity,
    shipPack: 1,
    unitPriceCents: 100,
    lineTotalCents: 100 * quantity,
  });
  const [recent] = await db
    .insert(orders)
    .values({ userId: buyer.userId, country: 'ca', totalCents: 5200 })
    .returning();
  await db
    .insert(orderLines)
    .values([line('TH-2001', 50, recent.id), line('BT-1002', 2, recent.id)]);
  const [old] = await db
    .insert(orders)
    .values({
      userId: buyer.userId,
      country: 'ca',
      totalCents: 100000,
      createdAt: new Date(Date.now() - 120 * 24 * 3600 * 1000),
    })
    .returning();
  await db.insert(orderLines).values([line('BT-3001', 1000, old.id)]);

  return { ids, groupId: group.id, cat };
}

/** Every key of a JSON value, at any depth. */
export function allKeys(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) allKeys(v, keys);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      keys.add(k);
      allKeys(v, keys);
    }
  return keys;
}
