import { describe, expect, it, vi } from 'vitest';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import type { z } from 'zod';
import {
  CartResponse,
  CategoriesResponse,
  ProductDescriptionResponse,
  ProductsResponse,
  SearchResponse,
  SuggestResponse,
} from '@wholesale/contract';
import { cutAtMarks, okAnswerInSchemaOrder, putInCut, writtenOnce } from './fast-serializer';

function serializerOf(schema: z.ZodType, httpStatus = '200') {
  return okAnswerInSchemaOrder({
    schema,
    httpStatus,
    method: 'GET',
    url: '/api/test',
  } as unknown as FastifyRouteSchemaDef<z.ZodType>);
}

const guestCard = {
  id: 7,
  product_id: 'AB-12"3',
  name: 'Bouton <b>bois</b> & nacre « 15 mm » \u2028 ñ',
  country: 'ca',
  class: 'F',
  ship_pac: 12,
  types: '',
  image: '/images/products/AB-12%223.jpg',
  brand: 'Maple Notions',
  color: null,
  type: 'Buttons',
  size: null,
};
const pricedCard = {
  ...guestCard,
  id: 8,
  available: 0,
  retail_price: 1.5,
  selling_price: 1.25,
  selling_price_2: null,
};
const discountedCard = { ...pricedCard, id: 9, selling_price_2: 0.99, available: 1200 };
const page = (data: object[]) => ({
  data,
  total: 1234,
  current_page: 2,
  last_page: 50,
  per_page: 25,
});

const cartLine = {
  id: 41,
  product: 8,
  product_id: 'AB-12"3',
  name: 'Bouton <b>bois</b> & nacre « 15 mm » \u2028 ñ',
  item: 3,
  price: 0.99,
  selling_price: 1.25,
  retail_price: 1.5,
  ship_pack: 12,
  available: 0,
  class: 'N',
  image: '/images/products/AB-12%223.jpg',
  selected: false,
  unavailable: false,
  line_total: 35.64,
  price_reason: {
    kind: 'price_list',
    list_name: 'Maison « Tremblay » "Nord"',
    assignee: 'customer',
    min_packs: 1,
  },
  next_break: { min_packs: 10, more_packs: 7, price: 0.2 },
};
const cart = {
  status: true,
  products: [
    cartLine,
    {
      ...cartLine,
      id: 42,
      available: 1200,
      class: 'F',
      selected: true,
      price_reason: { kind: 'selling' },
      next_break: null,
    },
  ],
  total: 35.64,
  count: 2,
};
const cartNotice = { product_id: 'AB-12"3', requested: 5, quantity: 3, clamped: true };

// The catalogue, search and cart routes answer through okAnswerInSchemaOrder: their bytes must be what
// the zod serializer wrote (same keys, order and values; names unknown to the schema left out).
describe('okAnswerInSchemaOrder', () => {
  it.each([
    ['a guest listing', ProductsResponse, { status: true, products: page([guestCard]) }],
    [
      'a priced listing with a stray field',
      ProductsResponse,
      {
        status: true,
        products: page([pricedCard, { ...discountedCard, cost_cents: 12 }]),
      },
    ],
    [
      'a product detail',
      ProductDescriptionResponse,
      {
        status: true,
        data: {
          ...discountedCard,
          description: '<p>Line\nbreak</p>',
          barcode: null,
          class_label: 'New',
          categories: [{ name: 'Buttons', category: 'Boutons', cat_code: 'BT' }],
          related: [pricedCard, discountedCard],
          images: ['/images/gallery/1.jpg'],
        },
      },
    ],
    [
      'a search',
      SearchResponse,
      {
        status: true,
        data: {
          products: page([guestCard]),
          categories: [{ name: 'Buttons', category: 'Botones', cat_code: 'BT', level: 1 }],
        },
      },
    ],
    [
      'suggestions',
      SuggestResponse,
      {
        status: true,
        data: {
          products: [
            { product_id: 'A1', name: 'A', image: '/images/products/A1.jpg', country: 'us' },
          ],
          categories: [],
        },
      },
    ],
    [
      'the category tree',
      CategoriesResponse,
      {
        status: true,
        data: [
          {
            name: 'Buttons',
            category: 'Boutons',
            cat_code: 'BT',
            New: 1,
            Clear: 0,
            Sale: 2,
            Soon: 0,
            sub_cate: [
              { sub_cate: 'Bois', category: 'Boutons', cat_code: 'BT1' },
              {
                sub_cate: 'Nacre',
                category: 'Boutons',
                cat_code: 'BT2',
                sub_subCat: [{ sub_subCat: 'Blanc', category: 'Nacre', cat_code: 'BT21' }],
              },
            ],
          },
        ],
      },
    ],
    ['a cart after an add', CartResponse, { ...cart, notice: cartNotice }],
    ['a cart', CartResponse, cart],
  ] as const)('writes %s exactly as the zod serializer did', (_, schema, answer) => {
    const zodBytes = JSON.stringify((schema as z.ZodType).parse(answer));
    expect(serializerOf(schema as z.ZodType)(answer)).toBe(zodBytes);
  });

  it('leaves prices out of a guest card whatever the card carries undefined', () => {
    const bytes = serializerOf(ProductsResponse)({
      status: true,
      products: page([{ ...guestCard, available: undefined, retail_price: undefined }]),
    });
    expect(JSON.parse(bytes).products.data[0]).not.toHaveProperty('retail_price');
    expect(bytes).not.toContain('available');
  });
});

// A product detail's answer is written once per detail (catalogue.routes.ts).
describe('writtenOnce', () => {
  it('writes a value once, and a new value again', () => {
    const write = vi.fn((card: object) => JSON.stringify(card));
    const once = writtenOnce(write);
    const card = { ...guestCard };
    expect(once(card)).toBe(once(card));
    expect(once(card).toString()).toBe(JSON.stringify(card));
    expect(write).toHaveBeenCalledTimes(1);
    once({ ...guestCard });
    expect(write).toHaveBeenCalledTimes(2);
  });
});

describe('an answer cut at marks', () => {
  const mark = ',"extra":-1';
  const written = '{"a":"é","b":[{"c":1},{"c":2}]}';
  const marked = '{"a":"é","b":[{"c":1,"extra":-1},{"c":2,"extra":-1}]}';

  it('gives back the bytes without the marks, with the inserts where the marks were', () => {
    const cut = cutAtMarks(marked, mark, 2);
    expect(cut).not.toBeNull();
    expect(putInCut(cut!, [])).toBe(written);
    expect(putInCut(cut!, [',"x":"ü"', undefined])).toBe('{"a":"é","b":[{"c":1,"x":"ü"},{"c":2}]}');
  });

  it('refuses a text that holds more or fewer marks than places', () => {
    expect(cutAtMarks(marked, mark, 3)).toBeNull();
    expect(cutAtMarks(marked, mark, 1)).toBeNull();
    expect(cutAtMarks('{"a":"é","b":[{"c":1,"extra":-1},{"c":2}]}', mark, 2)).toBeNull();
  });
});
