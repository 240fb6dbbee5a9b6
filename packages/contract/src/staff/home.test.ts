import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GO_LIVE_STEPS,
  goLiveChecklist,
  HOME_SECTIONS,
  homeSectionsFor,
  nextGoLiveStep,
  type GoLiveStep,
} from './home';
import { STAFF_ROLES, type StaffRole } from './roles';

const rolesArb = fc.subarray([...STAFF_ROLES]);
const factsArb = fc.record(
  Object.fromEntries(GO_LIVE_STEPS.map((s) => [s, fc.boolean()])) as Record<
    GoLiveStep,
    fc.Arbitrary<boolean>
  >,
);

describe('homeSectionsFor', () => {
  it('gives each single role its own part, admin every part, nobody without a role anything', () => {
    expect(homeSectionsFor(['credit'])).toEqual(['applications', 'credit']);
    expect(homeSectionsFor(['orders'])).toEqual(['orders']);
    expect(homeSectionsFor(['content'])).toEqual(['imports']);
    expect(homeSectionsFor(['admin'])).toEqual([...HOME_SECTIONS]);
    expect(homeSectionsFor([])).toEqual([]);
    expect(homeSectionsFor(null)).toEqual([]);
  });

  it('is the union of the parts of each role held, in page order; admin-only parts need admin', () => {
    fc.assert(
      fc.property(rolesArb, (roles: StaffRole[]) => {
        const parts = homeSectionsFor(roles);
        const union = new Set(roles.flatMap((r) => homeSectionsFor([r])));
        expect(parts).toEqual(HOME_SECTIONS.filter((s) => union.has(s)));
        if (!roles.includes('admin')) {
          expect(parts).not.toContain('checklist');
          expect(parts).not.toContain('deliveries');
        }
      }),
    );
  });
});

describe('goLiveChecklist', () => {
  it('lists every step in order, done as the facts say, each with a back-office link', () => {
    fc.assert(
      fc.property(factsArb, (facts) => {
        const items = goLiveChecklist(facts);
        expect(items.map((i) => i.step)).toEqual([...GO_LIVE_STEPS]);
        for (const item of items) {
          expect(item.done).toBe(facts[item.step]);
          expect(item.link.startsWith('/admin')).toBe(true);
        }
      }),
    );
  });

  it('names the first step not done as the next one, and none when everything is done', () => {
    fc.assert(
      fc.property(factsArb, (facts) => {
        const next = nextGoLiveStep(goLiveChecklist(facts));
        const firstOpen = GO_LIVE_STEPS.find((s) => !facts[s]) ?? null;
        expect(next).toBe(firstOpen);
      }),
    );
    const allDone = Object.fromEntries(GO_LIVE_STEPS.map((s) => [s, true])) as Record<
      GoLiveStep,
      boolean
    >;
    expect(nextGoLiveStep(goLiveChecklist(allDone))).toBeNull();
  });

  it('sends identity to the settings page and the catalogue steps to their screens', () => {
    const none = Object.fromEntries(GO_LIVE_STEPS.map((s) => [s, false])) as Record<
      GoLiveStep,
      boolean
    >;
    const links = Object.fromEntries(goLiveChecklist(none).map((i) => [i.step, i.link]));
    expect(links).toMatchObject({
      identity: '/admin/settings',
      categories: '/admin/catalogue',
      product_classes: '/admin/catalogue',
      products: '/admin/products',
    });
  });
});
