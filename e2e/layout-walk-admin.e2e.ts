import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserForFile } from './support/journey';
import {
  addressesFor,
  prepareWalkData,
  routerPages,
  STAFF,
  walk,
  type WalkData,
} from './support/layout-walk';

// The layout walk, back-office half (issue 30; e2e/README.md): every /admin page as each staff
// role the back office opens it to.
const baseUrl = inject('baseUrl');
const browser = browserForFile();
let data: WalkData;
let cleanUp = async () => {};
const pages = (await routerPages()).filter((p) => p.guard === 'staff');

beforeAll(async () => {
  ({ data, cleanUp } = await prepareWalkData(baseUrl));
});
afterAll(() => cleanUp());

describe.concurrent('layout walk: back office', () => {
  for (const persona of STAFF) {
    it(`every back-office page fits, can be used and reached, as ${persona.name}`, async () => {
      const addresses = addressesFor(persona, pages, data);
      const result = await walk(browser(), baseUrl, persona, addresses);
      console.log(
        `[layout walk] ${persona.name}: ${result.pages} pages, ${result.views} views in ${result.ms} ms (${Math.round(result.ms / result.views)} ms a view)`,
      );
      expect(result.defects).toEqual([]);
    }, 1_200_000);
  }
});
