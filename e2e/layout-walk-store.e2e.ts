import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserForFile } from './support/journey';
import {
  addressesFor,
  BUYER,
  GUEST,
  prepareWalkData,
  routerPages,
  STAFF,
  walk,
  type WalkData,
} from './support/layout-walk';

// The layout walk, storefront half (issue 30; e2e/README.md): every page outside the back office,
// as a guest, a buyer and a staff member, wherever the router's guards let each in.
const baseUrl = inject('baseUrl');
const browser = browserForFile();
let data: WalkData;
let cleanUp = async () => {};
const pages = await routerPages();

beforeAll(async () => {
  ({ data, cleanUp } = await prepareWalkData(baseUrl));
});
afterAll(() => cleanUp());

describe.concurrent('layout walk: storefront', () => {
  for (const persona of [GUEST, BUYER, STAFF[0]]) {
    const storefront = pages.filter((p) => p.guard !== 'staff');
    it(`every storefront page fits, can be used and reached, as ${persona.name}`, async () => {
      const addresses = addressesFor(persona, storefront, data);
      const result = await walk(browser(), baseUrl, persona, addresses);
      console.log(
        `[layout walk] ${persona.name}: ${result.pages} pages, ${result.views} views in ${result.ms} ms (${Math.round(result.ms / result.views)} ms a view)`,
      );
      expect(result.defects).toEqual([]);
    }, 1_200_000);
  }
});
