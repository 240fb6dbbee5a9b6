// Realistic traffic for the catalogue and search scenarios, generated from the bench catalogue itself
// with a fixed seed, so two runs on the same database ask exactly the same requests (bench/README.md
// "Realistic traffic"):
//   details   every SKU sold in Canada, popularity Zipf (s = 1.1) over a seeded shuffle of the SKUs;
//   listings  every category × page × page size × filter (none, each brand, each class badge),
//             Zipf over a seeded shuffle of the combinations;
//   search    ≥ 5,000 distinct queries: words and two-word phrases of product names in en/fr/es
//             (60/30/10), 10 % with one typo, 5 % SKUs, 5 % barcodes, 5 % matching nothing; Zipf.
// Each list holds REQUESTS paths; a scenario hands them out in order across all connections.

export const TRAFFIC_SEED = 20261123;
export const REQUESTS = 50_000;
const LANG_MIX = [
  ['en', 0.6],
  ['fr', 0.3],
  ['es', 0.1],
];
const PAGE_SIZES = [25, 50, 100];

/** mulberry32: a small seeded generator (the same sequence on every machine and Node version). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled(items, random) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A sampler of ranks 0..n-1 with P(rank k) ∝ 1 / (k + 1)^s (binary search in the cumulative weights). */
export function zipfSampler(n, s, random) {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k += 1) {
    total += 1 / (k + 1) ** s;
    cumulative[k] = total;
  }
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function pickLang(random) {
  const x = random();
  let acc = 0;
  for (const [lang, share] of LANG_MIX) {
    acc += share;
    if (x < acc) return lang;
  }
  return 'en';
}

/** REQUESTS paths drawn by Zipf popularity from `items` (shuffled first, so rank is not id order). */
function zipfPaths(items, toPath, salt) {
  const random = seededRandom(TRAFFIC_SEED + salt);
  const ranked = shuffled(items, random);
  const sample = zipfSampler(ranked.length, 1.1, random);
  return Array.from({ length: REQUESTS }, () => toPath(ranked[sample()], pickLang(random)));
}

/** Product detail pages over every SKU sold in Canada. */
export async function detailTraffic(query) {
  const rows = await query(`select product_id from products where active and sold_ca order by id`);
  return zipfPaths(
    rows.map((r) => r.product_id),
    (sku, lang) =>
      `/api/productDescription?product_id=${encodeURIComponent(sku)}&country=ca&lang=${lang}`,
    1,
  );
}

/** Category listings: every category × page size × filter × page that exists. */
export async function listingTraffic(query) {
  const rows = await query(`
    with recursive tree as (
      select id, id as root_id from categories
      union all
      select c.id, t.root_id from categories c join tree t on c.parent_id = t.id
    )
    select cat.cat_code, p.brand, p.class_code, count(*)::int as n
      from tree join categories cat on cat.id = tree.root_id
      join products p on p.category_id = tree.id and p.active and p.sold_ca
     group by cat.cat_code, p.brand, p.class_code`);
  const byCategory = new Map();
  for (const r of rows) {
    const c = byCategory.get(r.cat_code) ?? { all: 0, brand: new Map(), cls: new Map() };
    c.all += r.n;
    c.brand.set(r.brand, (c.brand.get(r.brand) ?? 0) + r.n);
    c.cls.set(r.class_code, (c.cls.get(r.class_code) ?? 0) + r.n);
    byCategory.set(r.cat_code, c);
  }
  const combos = [];
  for (const [code, c] of [...byCategory].sort(([a], [b]) => a.localeCompare(b))) {
    const filters = [
      ['', c.all],
      ...[...c.brand].filter(([b]) => b).map(([b, n]) => [`&brand=${encodeURIComponent(b)}`, n]),
    ];
    for (const [filter, n] of filters)
      for (const size of PAGE_SIZES)
        for (let page = 1; page <= Math.max(1, Math.ceil(n / size)); page += 1)
          combos.push({ code, filter, size, page });
    // Class badges (New, Clearance, Sale, Soon) list through /api/classCode.
    for (const cls of ['F', 'R', 'Y', 'N'].filter((k) => c.cls.get(k)))
      for (let page = 1; page <= Math.ceil(c.cls.get(cls) / 25); page += 1)
        combos.push({ code, cls, size: 25, page });
  }
  return zipfPaths(
    combos,
    (c, lang) =>
      c.cls
        ? `/api/classCode?category=${c.code}&class_codes=${c.cls}&pagination=${c.size}&page=${c.page}&lang=${lang}&country=ca`
        : `/api/cadProducts?category=${c.code}${c.filter}&pagination=${c.size}&page=${c.page}&lang=${lang}`,
    2,
  );
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One typo in the longest word: a letter dropped, doubled, swapped with the next, or replaced. */
function withTypo(text, random) {
  const words = text.split(' ');
  let w = 0;
  words.forEach((word, i) => {
    if (word.length > words[w].length) w = i;
  });
  const word = words[w];
  if (word.length < 4) return null;
  const i = 1 + Math.floor(random() * (word.length - 2));
  const kind = Math.floor(random() * 4);
  const typo =
    kind === 0
      ? word.slice(0, i) + word.slice(i + 1)
      : kind === 1
        ? word.slice(0, i) + word[i] + word.slice(i)
        : kind === 2
          ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
          : word.slice(0, i) + LETTERS[Math.floor(random() * 26)] + word.slice(i + 1);
  if (typo === word) return null;
  words[w] = typo;
  return words.join(' ');
}

/**
 * ≥ 5,000 distinct search queries, each with its language: words and two-word phrases of names
 * (60/30/10 en/fr/es), 10 % of them with one typo, 5 % SKUs, 5 % barcodes, 5 % matching nothing.
 */
export async function searchQueries(query, distinct = 6000) {
  const random = seededRandom(TRAFFIC_SEED + 3);
  const names = await query(
    `select t.lang, lower(t.name) as name from product_translations t
       join products p on p.id = t.product_id and p.active and p.sold_ca
      where p.id % 7 = 0 order by t.product_id, t.lang`,
  );
  const phrases = { en: new Set(), fr: new Set(), es: new Set() };
  for (const { lang, name } of names) {
    const words = name
      .replace(/<[^>]*>/g, ' ')
      .split(/[^\p{L}\p{N}'-]+/u)
      .filter((w) => w.length >= 2);
    const isWord = (w) => w.length >= 3 && !/^\d+$/.test(w);
    words.forEach((word, i) => {
      // Single words, two-word phrases (a size after a word counts) and an item with its colour
      // (the name's first and last words), as buyers type them.
      if (isWord(word)) phrases[lang].add(word);
      if (words[i + 1] && !/^\d+$/.test(word)) phrases[lang].add(`${word} ${words[i + 1]}`);
    });
    const last = words[words.length - 1];
    if (words.length > 2 && isWord(words[0]) && isWord(last)) {
      phrases[lang].add(`${words[0]} ${last}`);
      if (isWord(words[1])) phrases[lang].add(`${words[0]} ${words[1]} ${last}`);
    }
  }
  const pool = Object.fromEntries(
    Object.entries(phrases).map(([lang, set]) => [lang, shuffled([...set].sort(), random)]),
  );
  const codes = shuffled(
    await query(
      `select product_id, barcode from products where active and sold_ca and barcode is not null and id % 11 = 0 order by id`,
    ),
    random,
  );
  const out = new Map();
  const add = (q, lang, kind) => {
    const key = `${lang}|${q}`;
    if (!out.has(key)) out.set(key, { q, lang, kind });
  };
  const count = (share) => Math.round(distinct * share);
  for (let i = 0; i < count(0.05) && i < codes.length; i += 1)
    add(codes[i].product_id, pickLang(random), 'sku');
  for (let i = 0; i < count(0.05) && i < codes.length; i += 1)
    add(codes[codes.length - 1 - i].barcode, pickLang(random), 'barcode');
  for (let i = 0; i < count(0.05); i += 1) {
    const nonsense = Array.from({ length: 7 }, () => 'qxzjvkw'[Math.floor(random() * 7)]).join('');
    add(`${nonsense}${i}`, pickLang(random), 'none');
  }
  const cursor = { en: 0, fr: 0, es: 0 };
  const next = (lang) => pool[lang][cursor[lang]++ % pool[lang].length];
  let typos = 0;
  for (let guard = 0; out.size < distinct && guard < distinct * 20; guard += 1) {
    const lang = pickLang(random);
    const phrase = next(lang);
    if (!phrase) continue;
    if (typos < count(0.1) && random() < 0.15) {
      const typo = withTypo(phrase, random);
      if (typo) {
        add(typo, lang, 'typo');
        typos += 1;
        continue;
      }
    }
    add(phrase, lang, 'words');
  }
  return [...out.values()];
}

/**
 * Search requests over the distinct queries, Zipf popularity; `lang` narrows to one language.
 * `distinct` may pass the queries a run already drew (the same for every language: drawing them
 * reads a seventh of the names, seconds at a million products).
 */
export async function searchTraffic(query, lang, distinct = searchQueries(query)) {
  const all = await distinct;
  const queries = lang ? all.filter((q) => q.lang === lang) : all;
  const random = seededRandom(TRAFFIC_SEED + 4);
  const ranked = shuffled(queries, random);
  const sample = zipfSampler(ranked.length, 1.1, random);
  // Every other request is the next query not asked yet, so a run of a few thousand requests
  // covers the distinct queries while the popular ones still repeat (Zipf).
  return Array.from({ length: REQUESTS }, (_, i) => {
    const q = i % 2 === 1 ? ranked[(i >> 1) % ranked.length] : ranked[sample()];
    return `/api/search/?search_term=${encodeURIComponent(q.q)}&lang_code=${q.lang}&country=ca`;
  });
}
