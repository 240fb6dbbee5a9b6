// Order desk traffic (bench/desk.mjs): GET /api/admin/orders requests shaped like staff at work,
// generated from the bench database with a fixed seed, so two runs on the same data ask the same
// requests. Each request is drawn from this mix (weights in %):
//   30  the desk as it opens or a status tab (none / placed / accepted / picking …), pages 1–3
//   10  a status tab with a country
//   12  one customer's orders (Zipf over customers), sometimes with a status
//   12  a date range (a day, last week, a month of the two years), sometimes with status / country
//   20  text: an order number (10), a PO number or its start (5), a customer or company name word (5)
//    8  sorted by total (either way), sometimes with a status
//    8  further pages (4–40) of the open desk or a status tab
// Page size 50 (the screen's) 80 % of the time, else 25 / 100 / 200.
import { seededRandom, shuffled, TRAFFIC_SEED, zipfSampler } from './generate.mjs';

export const DESK_REQUESTS = 20_000;
const WORKING = ['placed', 'accepted', 'picking', 'partially_shipped'];
const STATUSES = [...WORKING, 'shipped', 'invoiced', 'cancelled'];

const day = (d) => d.toISOString().slice(0, 10);

/** The request paths of the desk scenario, from the data in the bench database. */
export async function deskTraffic(query, count = DESK_REQUESTS) {
  const random = seededRandom(TRAFFIC_SEED);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const chance = (p) => random() < p;
  const customers = shuffled(
    (
      await query(
        `select u.id, u.owner_name, u.company_name from users u
         where u.role = 'customer' and exists (select 1 from orders o where o.user_id = u.id) order by u.id`,
      )
    ).map((r) => r),
    random,
  );
  const orders = (await query(`select id, po_number from orders order by id desc limit 20000`)).map(
    (r) => r,
  );
  const [{ first }] = await query(`select min(created_at) as first from orders`);
  const customerRank = zipfSampler(customers.length, 1.05, random);
  const recentOrder = zipfSampler(orders.length, 0.9, random);
  const words = [
    ...new Set(
      customers.flatMap((c) =>
        `${c.owner_name} ${c.company_name ?? ''}`
          .split(/\s+/)
          .filter((w) => w.length >= 3 && !/^(Ltd|Inc\.|Co\.|Corp\.)$/.test(w)),
      ),
    ),
  ];
  const now = new Date();
  const days = Math.max(1, Math.floor((now.getTime() - new Date(first).getTime()) / 86_400_000));
  const perPage = () => (chance(0.8) ? 50 : pick([25, 100, 200]));
  const status = () => (chance(0.7) ? pick(WORKING) : pick(STATUSES));

  const paths = [];
  for (let i = 0; i < count; i += 1) {
    const p = new URLSearchParams();
    const roll = random() * 100;
    if (roll < 30) {
      if (chance(0.6)) p.set('status', status());
      p.set('page', String(chance(0.75) ? 1 : pick([2, 3])));
    } else if (roll < 40) {
      p.set('status', status());
      p.set('country', chance(0.7) ? 'ca' : 'us');
    } else if (roll < 52) {
      p.set('customer_id', String(customers[customerRank()].id));
      if (chance(0.3)) p.set('status', status());
    } else if (roll < 64) {
      const end = new Date(now.getTime() - Math.floor(random() * days) * 86_400_000);
      const span = pick([0, 0, 6, 6, 29, 29, 89]);
      p.set('from', day(new Date(end.getTime() - span * 86_400_000)));
      p.set('to', day(end));
      if (chance(0.3)) p.set('status', status());
      if (chance(0.2)) p.set('country', chance(0.7) ? 'ca' : 'us');
    } else if (roll < 84) {
      const kind = random();
      if (kind < 0.5) {
        const id = orders[recentOrder()].id;
        p.set('q', chance(0.3) ? `#${id}` : String(id));
      } else if (kind < 0.75) {
        const withPo = orders[recentOrder()].po_number ?? '4500';
        p.set('q', chance(0.6) ? withPo : withPo.slice(0, Math.max(3, withPo.length - 3)));
      } else {
        const word = pick(words);
        p.set('q', chance(0.5) ? word : word.slice(0, Math.max(3, word.length - 2)).toLowerCase());
      }
    } else if (roll < 92) {
      p.set('sort', chance(0.5) ? 'total_desc' : 'total_asc');
      if (chance(0.4)) p.set('status', status());
    } else {
      if (chance(0.5)) p.set('status', status());
      p.set('page', String(4 + Math.floor(random() * 37)));
    }
    const size = perPage();
    if (size !== 50) p.set('per_page', String(size));
    const qs = p.toString();
    paths.push(`/api/admin/orders${qs ? `?${qs}` : ''}`);
  }
  return paths;
}
