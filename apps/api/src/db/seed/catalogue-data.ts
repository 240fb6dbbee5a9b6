/**
 * Word tables for the demo catalogue: a craft-and-notions distributor's category tree, and per
 * sub category the item, its variants and sizes in English, French and Spanish. Product names are
 * built as English "{variant} {item} {size}, {colour}" and French/Spanish "{item} {variant} {size}, {colour}",
 * so every adjective below is written to agree with its own item.
 */
export type T3 = { en: string; fr: string; es: string };

export const t = (en: string, fr: string, es: string): T3 => ({ en, fr, es });

/** A size is the same in every language except decimals ("3.5 mm" → "3,5 mm"), or spelled per language. */
export type Size = string | T3;

export function localSize(size: Size, lang: keyof T3): string {
  if (typeof size !== 'string') return size[lang];
  return lang === 'en' ? size : size.replace(/(\d)\.(\d)/g, '$1,$2');
}

export type SubSubSpec = { code: string; name: T3; size?: Size; variant?: number };

export type SubSpec = {
  code: string;
  name: T3;
  item: T3;
  /** English variant doubles as the product `type` (an empty variant uses `type`). */
  variants: T3[];
  type?: string;
  sizes: Size[];
  subs?: SubSubSpec[];
};

export type TopSpec = {
  code: string;
  name: T3;
  hidden?: boolean;
  /** Relative share of the generated products. */
  weight: number;
  brands: string[];
  packs: number[];
  /** Unit selling price range in CAD cents. */
  price: [number, number];
  use: T3;
  subs: SubSpec[];
};

const NONE = t('', '', '');

/** Sub-sub categories by size: code suffix from the digits of the size ("15 mm" → -15). */
function bySize(parent: string, sizes: string[]): SubSubSpec[] {
  return sizes.map((size) => ({
    code: `${parent}-${size.replace(/[^0-9]/g, '').slice(0, 4)}`,
    name: t(size, localSize(size, 'fr'), localSize(size, 'es')),
    size,
  }));
}

export const CATALOGUE: TopSpec[] = [
  {
    code: 'BT',
    name: t('Buttons', 'Boutons', 'Botones'),
    weight: 1.3,
    brands: ['Maple Notions', 'Atelier Boréal', 'Harbour Lane'],
    packs: [6, 12, 24, 48],
    price: [25, 250],
    use: t(
      'A sturdy button for garments, bags and home décor.',
      'Un bouton solide pour les vêtements, les sacs et la décoration.',
      'Un botón resistente para prendas, bolsos y decoración.',
    ),
    subs: [
      {
        code: 'BT-WD',
        name: t('Wooden buttons', 'Boutons en bois', 'Botones de madera'),
        item: t('Wooden button', 'Bouton en bois', 'Botón de madera'),
        variants: [
          t('2-hole', '2 trous', '2 agujeros'),
          t('4-hole', '4 trous', '4 agujeros'),
          NONE,
        ],
        type: 'Shank',
        sizes: ['15 mm', '20 mm', '25 mm'],
        subs: bySize('BT-WD', ['15 mm', '20 mm', '25 mm']),
      },
      {
        code: 'BT-PL',
        name: t('Plastic buttons', 'Boutons en plastique', 'Botones de plástico'),
        item: t('Plastic button', 'Bouton en plastique', 'Botón de plástico'),
        variants: [
          t('2-hole', '2 trous', '2 agujeros'),
          t('4-hole', '4 trous', '4 agujeros'),
          t('Shank', 'à queue', 'de pie'),
        ],
        sizes: ['11 mm', '15 mm', '18 mm', '23 mm'],
      },
      {
        code: 'BT-MT',
        name: t('Metal buttons', 'Boutons en métal', 'Botones de metal'),
        item: t('Metal button', 'Bouton en métal', 'Botón de metal'),
        variants: [t('Shank', 'à queue', 'de pie'), t('Jeans', 'pour jeans', 'para vaqueros')],
        sizes: ['14 mm', '17 mm', '20 mm'],
      },
      {
        code: 'BT-SH',
        name: t('Mother-of-pearl buttons', 'Boutons en nacre', 'Botones de nácar'),
        item: t('Mother-of-pearl button', 'Bouton en nacre', 'Botón de nácar'),
        variants: [t('2-hole', '2 trous', '2 agujeros'), t('4-hole', '4 trous', '4 agujeros')],
        sizes: ['10 mm', '12 mm', '15 mm'],
      },
      {
        code: 'BT-CV',
        name: t('Covered buttons', 'Boutons recouverts', 'Botones forrados'),
        item: t('Fabric-covered button', 'Bouton recouvert de tissu', 'Botón forrado de tela'),
        variants: [NONE],
        type: 'Covered',
        sizes: ['19 mm', '23 mm', '29 mm'],
      },
    ],
  },
  {
    code: 'TH',
    name: t('Threads', 'Fils', 'Hilos'),
    weight: 1.2,
    brands: ['Northstitch', "Fil d'Or", 'Maple Notions'],
    packs: [1, 6, 12],
    price: [150, 900],
    use: t(
      'Smooth, strong thread that runs cleanly through any machine.',
      'Un fil lisse et solide qui passe sans accroc dans toutes les machines.',
      'Un hilo suave y fuerte que corre sin problemas en cualquier máquina.',
    ),
    subs: [
      {
        code: 'TH-PL',
        name: t('Polyester thread', 'Fil polyester', 'Hilo de poliéster'),
        item: t('polyester thread', 'Fil polyester', 'Hilo de poliéster'),
        variants: [
          t('All-purpose', 'tout usage', 'multiusos'),
          t('Heavy-duty', 'très résistant', 'extrafuerte'),
        ],
        sizes: ['100 m', '250 m', '500 m', '1000 m'],
        subs: bySize('TH-PL', ['100 m', '250 m', '500 m', '1000 m']),
      },
      {
        code: 'TH-CT',
        name: t('Cotton thread', 'Fil de coton', 'Hilo de algodón'),
        item: t('cotton thread', 'Fil de coton', 'Hilo de algodón'),
        variants: [
          t('Mercerised', 'mercerisé', 'mercerizado'),
          t('Quilting', 'pour courtepointe', 'para acolchado'),
        ],
        sizes: ['100 m', '250 m', '500 m'],
      },
      {
        code: 'TH-EM',
        name: t('Embroidery floss', 'Fil à broder', 'Hilo de bordar'),
        item: t('embroidery floss', 'Fil à broder', 'Hilo de bordar'),
        variants: [
          t('6-strand', '6 brins', 'de 6 cabos'),
          t('Pearl cotton', 'coton perlé', 'perlé'),
          t('Metallic', 'métallisé', 'metalizado'),
        ],
        sizes: ['8 m', '25 m'],
      },
      {
        code: 'TH-SR',
        name: t('Serger thread', 'Fil pour surjeteuse', 'Hilo para remalladora'),
        item: t('serger thread', 'Fil pour surjeteuse', 'Hilo para remalladora'),
        variants: [t('Textured', 'texturé', 'texturizado'), NONE],
        type: 'Standard',
        sizes: ['1000 m', '2500 m', '5000 m'],
      },
    ],
  },
  {
    code: 'YR',
    name: t('Yarn', 'Laines', 'Lanas'),
    weight: 1.2,
    brands: ['Tricotin', 'Prairie Craft', 'Cedar & Pine'],
    packs: [1, 6, 10],
    price: [300, 1500],
    use: t(
      'Soft, even yarn for sweaters, blankets and accessories.',
      'Une laine douce et régulière pour chandails, couvertures et accessoires.',
      'Una lana suave y uniforme para suéteres, mantas y accesorios.',
    ),
    subs: [
      {
        code: 'YR-AC',
        name: t('Acrylic yarn', 'Fil acrylique', 'Hilo acrílico'),
        item: t('acrylic yarn', 'Fil acrylique', 'Hilo acrílico'),
        variants: [
          t('Light', 'léger', 'ligero'),
          t('Medium', 'moyen', 'mediano'),
          t('Bulky', 'épais', 'grueso'),
        ],
        sizes: ['100 g', '200 g', '350 g'],
      },
      {
        code: 'YR-WL',
        name: t('Wool yarn', 'Laine pure', 'Lana pura'),
        item: t('wool yarn', 'Laine pure', 'Lana pura'),
        variants: [
          t('Merino', 'mérinos', 'merino'),
          t('Superwash', 'superwash', 'superwash'),
          t('Chunky', 'épaisse', 'gruesa'),
        ],
        sizes: ['50 g', '100 g'],
        subs: [
          { code: 'YR-WL-MR', name: t('Merino', 'Mérinos', 'Merino'), variant: 0 },
          { code: 'YR-WL-SW', name: t('Superwash', 'Superwash', 'Superwash'), variant: 1 },
          { code: 'YR-WL-CH', name: t('Chunky', 'Épaisse', 'Gruesa'), variant: 2 },
        ],
      },
      {
        code: 'YR-CT',
        name: t('Cotton yarn', 'Fil de coton à tricoter', 'Hilo de algodón para tejer'),
        item: t('cotton yarn', 'Fil de coton à tricoter', 'Hilo de algodón para tejer'),
        variants: [
          t('Mercerised', 'mercerisé', 'mercerizado'),
          t('Organic', 'biologique', 'orgánico'),
        ],
        sizes: ['50 g', '100 g'],
      },
      {
        code: 'YR-BL',
        name: t('Blended yarn', 'Fil mélangé', 'Hilo mezclado'),
        item: t('blended yarn', 'Fil mélangé', 'Hilo mezclado'),
        variants: [
          t('Wool-acrylic', 'laine et acrylique', 'de lana y acrílico'),
          t('Alpaca', 'alpaga', 'de alpaca'),
        ],
        sizes: ['100 g', '150 g'],
      },
    ],
  },
  {
    code: 'RB',
    name: t('Ribbons', 'Rubans', 'Cintas'),
    weight: 1.1,
    brands: ['Lumière Crafts', 'Harbour Lane', 'Atelier Boréal'],
    packs: [1, 6, 12],
    price: [80, 600],
    use: t(
      'Sold on a spool; perfect for gift wrapping, trims and bows.',
      'Vendu en bobine; parfait pour les emballages cadeaux, les finitions et les nœuds.',
      'Se vende en carrete; perfecta para envolver regalos, rematar y hacer lazos.',
    ),
    subs: [
      {
        code: 'RB-SA',
        name: t('Satin ribbon', 'Ruban de satin', 'Cinta de raso'),
        item: t('satin ribbon', 'Ruban de satin', 'Cinta de raso'),
        variants: [
          t('Double-faced', 'double face', 'doble faz'),
          t('Single-faced', 'simple face', 'de una cara'),
        ],
        sizes: ['3 mm', '6 mm', '10 mm', '25 mm', '38 mm'],
        subs: bySize('RB-SA', ['6 mm', '10 mm', '25 mm']),
      },
      {
        code: 'RB-GR',
        name: t('Grosgrain ribbon', 'Ruban gros-grain', 'Cinta de grosgrain'),
        item: t('grosgrain ribbon', 'Ruban gros-grain', 'Cinta de grosgrain'),
        variants: [
          t('Plain', 'uni', 'lisa'),
          t('Striped', 'rayé', 'a rayas'),
          t('Polka dot', 'à pois', 'de lunares'),
        ],
        sizes: ['10 mm', '15 mm', '25 mm'],
      },
      {
        code: 'RB-VL',
        name: t('Velvet ribbon', 'Ruban de velours', 'Cinta de terciopelo'),
        item: t('velvet ribbon', 'Ruban de velours', 'Cinta de terciopelo'),
        variants: [NONE],
        type: 'Velvet',
        sizes: ['6 mm', '10 mm', '22 mm'],
      },
      {
        code: 'RB-OR',
        name: t('Organza ribbon', "Ruban d'organza", 'Cinta de organza'),
        item: t('organza ribbon', "Ruban d'organza", 'Cinta de organza'),
        variants: [
          t('Sheer', 'transparent', 'transparente'),
          t('Woven-edge', 'à bord tissé', 'con borde tejido'),
        ],
        sizes: ['6 mm', '15 mm', '25 mm'],
      },
    ],
  },
  {
    code: 'NP',
    name: t('Needles & Pins', 'Aiguilles et épingles', 'Agujas y alfileres'),
    weight: 1,
    brands: ['Northstitch', 'Kestrel', 'Maple Notions'],
    packs: [6, 12, 24],
    price: [200, 900],
    use: t(
      'Precision-made in nickel-plated steel for clean, snag-free sewing.',
      'Fabriquées avec précision en acier nickelé pour une couture nette et sans accroc.',
      'Fabricadas con precisión en acero niquelado para coser limpio y sin enganches.',
    ),
    subs: [
      {
        code: 'NP-HN',
        name: t('Hand sewing needles', 'Aiguilles à main', 'Agujas de mano'),
        item: t('hand needles', 'Aiguilles à main', 'Agujas de mano'),
        variants: [
          t('Sharps', 'pointe fine', 'de punta fina'),
          t('Embroidery', 'à broder', 'de bordar'),
          t('Quilting', 'pour courtepointe', 'para acolchado'),
          t('Darning', 'à repriser', 'para zurcir'),
        ],
        sizes: [
          t('no. 5', 'n° 5', 'n.º 5'),
          t('no. 7', 'n° 7', 'n.º 7'),
          t('no. 9', 'n° 9', 'n.º 9'),
          t('assorted', 'assorties', 'surtidas'),
        ],
      },
      {
        code: 'NP-MN',
        name: t('Machine needles', 'Aiguilles pour machine', 'Agujas para máquina'),
        item: t('machine needles', 'Aiguilles pour machine', 'Agujas para máquina'),
        variants: [
          t('Universal', 'universelles', 'universales'),
          t('Jersey', 'pour jersey', 'para punto'),
          t('Denim', 'pour denim', 'para mezclilla'),
          t('Leather', 'pour cuir', 'para cuero'),
        ],
        sizes: ['70/10', '80/12', '90/14', '100/16'],
        subs: [
          { code: 'NP-MN-UN', name: t('Universal', 'Universelles', 'Universales'), variant: 0 },
          { code: 'NP-MN-JR', name: t('Jersey', 'Jersey', 'Para punto'), variant: 1 },
          { code: 'NP-MN-DN', name: t('Denim', 'Denim', 'Mezclilla'), variant: 2 },
          { code: 'NP-MN-LT', name: t('Leather', 'Cuir', 'Cuero'), variant: 3 },
        ],
      },
      {
        code: 'NP-PN',
        name: t('Pins', 'Épingles', 'Alfileres'),
        item: t('pins', 'Épingles', 'Alfileres'),
        variants: [
          t('Glass-head', 'à tête de verre', 'con cabeza de cristal'),
          t('Quilting', 'pour courtepointe', 'para acolchado'),
          t('Dressmaker', 'de couturière', 'de modista'),
        ],
        sizes: ['30 mm', '35 mm', '50 mm'],
      },
      {
        code: 'NP-SP',
        name: t('Safety pins', 'Épingles de sûreté', 'Imperdibles'),
        item: t('safety pins', 'Épingles de sûreté', 'Imperdibles'),
        variants: [
          t('Brass', 'en laiton', 'de latón'),
          t('Nickel-plated', 'nickelées', 'niquelados'),
        ],
        sizes: ['19 mm', '27 mm', '38 mm', '50 mm'],
      },
    ],
  },
  {
    code: 'FB',
    name: t('Fabrics', 'Tissus', 'Telas'),
    weight: 1.2,
    brands: ['Cedar & Pine', 'Bluenose Supply', 'Prairie Craft'],
    packs: [1, 5, 10],
    price: [600, 2500],
    use: t(
      'Priced by the metre; pre-washed and ready to cut.',
      'Prix au mètre; prélavé et prêt à couper.',
      'Precio por metro; prelavada y lista para cortar.',
    ),
    subs: [
      {
        code: 'FB-CT',
        name: t('Cotton fabric', 'Tissu de coton', 'Tela de algodón'),
        item: t('cotton fabric', 'Tissu de coton', 'Tela de algodón'),
        variants: [
          t('Quilting', 'pour courtepointe', 'para acolchado'),
          t('Printed', 'imprimé', 'estampada'),
          t('Solid', 'uni', 'lisa'),
        ],
        sizes: ['110 cm', '150 cm'],
        subs: [
          {
            code: 'FB-CT-QT',
            name: t('Quilting cotton', 'Coton pour courtepointe', 'Algodón para acolchado'),
            variant: 0,
          },
          {
            code: 'FB-CT-PR',
            name: t('Printed cotton', 'Coton imprimé', 'Algodón estampado'),
            variant: 1,
          },
          { code: 'FB-CT-SO', name: t('Solid cotton', 'Coton uni', 'Algodón liso'), variant: 2 },
        ],
      },
      {
        code: 'FB-FL',
        name: t('Fleece', 'Molleton', 'Forro polar'),
        item: t('fleece', 'Molleton', 'Forro polar'),
        variants: [
          t('Anti-pill', 'antiboulochage', 'antipilling'),
          t('Printed', 'imprimé', 'estampado'),
        ],
        sizes: ['150 cm'],
      },
      {
        code: 'FB-FT',
        name: t('Felt', 'Feutrine', 'Fieltro'),
        item: t('felt', 'Feutrine', 'Fieltro'),
        variants: [
          t('Acrylic', 'acrylique', 'acrílico'),
          t('Wool-blend', 'en laine mélangée', 'de lana mezclada'),
        ],
        sizes: ['23 × 30 cm', '90 cm'],
      },
      {
        code: 'FB-LN',
        name: t('Linen', 'Lin', 'Lino'),
        item: t('linen', 'Lin', 'Lino'),
        variants: [t('Washed', 'lavé', 'lavado'), t('Heavyweight', 'épais', 'grueso')],
        sizes: ['140 cm'],
      },
    ],
  },
  {
    code: 'SC',
    name: t('Scissors & Cutting', 'Ciseaux et coupe', 'Tijeras y corte'),
    weight: 0.9,
    brands: ['Kestrel', 'Northstitch', 'Bluenose Supply'],
    packs: [1, 6, 12],
    price: [800, 4500],
    use: t(
      'Hardened stainless steel that stays sharp through years of cutting.',
      'Acier inoxydable trempé qui reste affûté pendant des années.',
      'Acero inoxidable templado que se mantiene afilado durante años.',
    ),
    subs: [
      {
        code: 'SC-DS',
        name: t('Dressmaking shears', 'Ciseaux de couturière', 'Tijeras de modista'),
        item: t('dressmaking shears', 'Ciseaux de couturière', 'Tijeras de modista'),
        variants: [
          t('Soft-grip', 'à poignée souple', 'con mango blando'),
          t('Left-handed', 'pour gaucher', 'para zurdos'),
          NONE,
        ],
        type: 'Classic',
        sizes: ['20 cm', '23 cm', '25 cm'],
      },
      {
        code: 'SC-EM',
        name: t('Embroidery scissors', 'Ciseaux à broder', 'Tijeras de bordar'),
        item: t('embroidery scissors', 'Ciseaux à broder', 'Tijeras de bordar'),
        variants: [t('Stork', 'cigogne', 'cigüeña'), t('Curved', 'courbes', 'curvas')],
        sizes: ['9 cm', '11 cm', '13 cm'],
      },
      {
        code: 'SC-RC',
        name: t('Rotary cutters', 'Cutters rotatifs', 'Cortadores rotativos'),
        item: t('rotary cutter', 'Cutter rotatif', 'Cortador rotativo'),
        variants: [t('Ergonomic', 'ergonomique', 'ergonómico'), NONE],
        type: 'Standard',
        sizes: ['28 mm', '45 mm', '60 mm'],
        subs: bySize('SC-RC', ['28 mm', '45 mm', '60 mm']),
      },
      {
        code: 'SC-MT',
        name: t('Cutting mats', 'Tapis de coupe', 'Tapetes de corte'),
        item: t(
          'self-healing cutting mat',
          'Tapis de coupe autocicatrisant',
          'Tapete de corte autorreparable',
        ),
        variants: [t('Double-sided', 'réversible', 'reversible'), NONE],
        type: 'Single-sided',
        sizes: ['30 × 45 cm', '45 × 60 cm', '60 × 90 cm'],
      },
      {
        code: 'SC-PK',
        name: t('Pinking shears', 'Ciseaux cranteurs', 'Tijeras dentadas'),
        item: t('pinking shears', 'Ciseaux cranteurs', 'Tijeras dentadas'),
        variants: [NONE],
        type: 'Pinking',
        sizes: ['20 cm', '23 cm'],
      },
    ],
  },
  {
    code: 'BD',
    name: t('Beads', 'Perles', 'Cuentas'),
    weight: 1,
    brands: ['Lumière Crafts', 'Atelier Boréal', 'Harbour Lane'],
    packs: [6, 12, 24],
    price: [150, 800],
    use: t(
      'Even holes and consistent sizes for jewellery and embroidery.',
      'Des trous réguliers et des tailles constantes pour les bijoux et la broderie.',
      'Agujeros regulares y tamaños constantes para bisutería y bordado.',
    ),
    subs: [
      {
        code: 'BD-GL',
        name: t('Glass beads', 'Perles de verre', 'Cuentas de cristal'),
        item: t('glass beads', 'Perles de verre', 'Cuentas de cristal'),
        variants: [t('Faceted', 'à facettes', 'facetadas'), t('Round', 'rondes', 'redondas')],
        sizes: ['4 mm', '6 mm', '8 mm', '10 mm'],
        subs: bySize('BD-GL', ['4 mm', '6 mm', '8 mm', '10 mm']),
      },
      {
        code: 'BD-SD',
        name: t('Seed beads', 'Rocailles', 'Mostacillas'),
        item: t('seed beads', 'Rocailles', 'Mostacillas'),
        variants: [
          t('Opaque', 'opaques', 'opacas'),
          t('Transparent', 'transparentes', 'transparentes'),
          t('Metallic', 'métallisées', 'metalizadas'),
        ],
        sizes: ['11/0', '8/0', '6/0'],
      },
      {
        code: 'BD-WD',
        name: t('Wooden beads', 'Perles en bois', 'Cuentas de madera'),
        item: t('wooden beads', 'Perles en bois', 'Cuentas de madera'),
        variants: [t('Round', 'rondes', 'redondas'), t('Oval', 'ovales', 'ovaladas')],
        sizes: ['8 mm', '12 mm', '16 mm', '20 mm'],
      },
      {
        code: 'BD-AC',
        name: t('Acrylic beads', 'Perles acryliques', 'Cuentas acrílicas'),
        item: t('acrylic beads', 'Perles acryliques', 'Cuentas acrílicas'),
        variants: [
          t('Letter', 'alphabet', 'de letras'),
          t('Heart-shaped', 'en forme de cœur', 'en forma de corazón'),
        ],
        sizes: ['7 mm', '10 mm'],
      },
    ],
  },
  {
    code: 'EL',
    name: t('Elastics', 'Élastiques', 'Elásticos'),
    weight: 0.9,
    brands: ['Maple Notions', 'Northstitch', 'Bluenose Supply'],
    packs: [1, 6, 12, 24],
    price: [50, 500],
    use: t(
      'Keeps its stretch wash after wash.',
      'Garde son élasticité lavage après lavage.',
      'Mantiene su elasticidad lavado tras lavado.',
    ),
    subs: [
      {
        code: 'EL-BR',
        name: t('Braided elastic', 'Élastique tressé', 'Elástico trenzado'),
        item: t('braided elastic', 'Élastique tressé', 'Elástico trenzado'),
        variants: [NONE],
        type: 'Braided',
        sizes: ['3 mm', '6 mm', '10 mm', '13 mm', '19 mm', '25 mm'],
        subs: bySize('EL-BR', ['6 mm', '13 mm', '25 mm']),
      },
      {
        code: 'EL-KN',
        name: t('Knitted elastic', 'Élastique tricoté', 'Elástico tejido'),
        item: t('knitted elastic', 'Élastique tricoté', 'Elástico tejido'),
        variants: [t('Soft', 'doux', 'suave'), NONE],
        type: 'Knitted',
        sizes: ['6 mm', '13 mm', '25 mm', '38 mm'],
      },
      {
        code: 'EL-WB',
        name: t('Waistband elastic', 'Élastique pour ceinture', 'Elástico para cintura'),
        item: t('waistband elastic', 'Élastique pour ceinture', 'Elástico para cintura'),
        variants: [t('Non-roll', 'antiroulement', 'antienrollable'), NONE],
        type: 'Waistband',
        sizes: ['25 mm', '32 mm', '38 mm', '50 mm'],
      },
      {
        code: 'EL-CD',
        name: t('Elastic cord', 'Cordon élastique', 'Cordón elástico'),
        item: t('elastic cord', 'Cordon élastique', 'Cordón elástico'),
        variants: [t('Round', 'rond', 'redondo'), NONE],
        type: 'Cord',
        sizes: ['1 mm', '2 mm', '3 mm'],
      },
    ],
  },
  {
    code: 'LT',
    name: t('Lace & Trims', 'Dentelles et garnitures', 'Encajes y adornos'),
    weight: 1,
    brands: ['Lumière Crafts', 'Atelier Boréal', 'Harbour Lane'],
    packs: [1, 6, 12],
    price: [100, 800],
    use: t(
      'A finishing touch for hems, cushions and costumes.',
      'La touche finale pour les ourlets, les coussins et les costumes.',
      'El toque final para dobladillos, cojines y disfraces.',
    ),
    subs: [
      {
        code: 'LT-LC',
        name: t('Lace trim', 'Dentelle', 'Encaje'),
        item: t('lace trim', 'Dentelle', 'Encaje'),
        variants: [
          t('Cotton', 'en coton', 'de algodón'),
          t('Guipure', 'guipure', 'de guipur'),
          t('Stretch', 'extensible', 'elástico'),
        ],
        sizes: ['15 mm', '25 mm', '50 mm', '80 mm'],
      },
      {
        code: 'LT-PP',
        name: t('Pompom trim', 'Galon à pompons', 'Galón de pompones'),
        item: t('pompom trim', 'Galon à pompons', 'Galón de pompones'),
        variants: [t('Mini', 'mini', 'mini'), NONE],
        type: 'Pompom',
        sizes: ['10 mm', '15 mm', '25 mm'],
      },
      {
        code: 'LT-BT',
        name: t('Bias tape', 'Biais', 'Bies'),
        item: t('bias tape', 'Biais', 'Bies'),
        variants: [t('Single-fold', 'simple', 'sencillo'), t('Double-fold', 'double', 'doble')],
        sizes: ['12 mm', '18 mm', '25 mm'],
        subs: [
          { code: 'LT-BT-SF', name: t('Single-fold', 'Simple', 'Sencillo'), variant: 0 },
          { code: 'LT-BT-DF', name: t('Double-fold', 'Double', 'Doble'), variant: 1 },
        ],
      },
      {
        code: 'LT-RR',
        name: t('Ric rac', 'Croquet', 'Cinta zigzag'),
        item: t('ric rac', 'Croquet', 'Cinta zigzag'),
        variants: [NONE],
        type: 'Ric rac',
        sizes: ['5 mm', '8 mm', '15 mm'],
      },
      {
        code: 'LT-FR',
        name: t('Fringe', 'Franges', 'Flecos'),
        item: t('fringe', 'Frange', 'Fleco'),
        variants: [t('Beaded', 'perlée', 'con cuentas'), t('Tassel', 'à pampilles', 'de borlas')],
        sizes: ['5 cm', '10 cm'],
      },
    ],
  },
  {
    code: 'SN',
    name: t('Sewing Notions', 'Mercerie', 'Mercería'),
    weight: 1.1,
    brands: ['Maple Notions', 'Kestrel', 'Northstitch'],
    packs: [1, 6, 12, 24],
    price: [150, 1500],
    use: t(
      'A workbasket essential, made to last.',
      'Un indispensable du panier à couture, fait pour durer.',
      'Un básico del costurero, hecho para durar.',
    ),
    subs: [
      {
        code: 'SN-MT',
        name: t('Measuring tapes', 'Rubans à mesurer', 'Cintas métricas'),
        item: t('measuring tape', 'Ruban à mesurer', 'Cinta métrica'),
        variants: [
          t('Fibreglass', 'en fibre de verre', 'de fibra de vidrio'),
          t('Retractable', 'rétractable', 'retráctil'),
        ],
        sizes: ['150 cm', '300 cm'],
      },
      {
        code: 'SN-TH',
        name: t('Thimbles', 'Dés à coudre', 'Dedales'),
        item: t('thimble', 'Dé à coudre', 'Dedal'),
        variants: [t('Metal', 'en métal', 'de metal'), t('Leather', 'en cuir', 'de cuero')],
        sizes: ['S', 'M', 'L'],
      },
      {
        code: 'SN-SN',
        name: t('Snaps & hooks', 'Boutons-pression et agrafes', 'Broches y corchetes'),
        item: t('sew-on snaps', 'Boutons-pression à coudre', 'Broches de presión para coser'),
        variants: [t('Nickel', 'nickelés', 'niquelados'), t('Black', 'noirs', 'negros')],
        sizes: ['7 mm', '10 mm', '13 mm'],
      },
      {
        code: 'SN-MK',
        name: t('Marking tools', 'Outils de marquage', 'Herramientas de marcado'),
        item: t('fabric marking pen', 'Crayon marqueur pour tissu', 'Rotulador para tela'),
        variants: [
          t('Water-soluble', 'hydrosoluble', 'hidrosoluble'),
          t('Air-erasable', "effaçable à l'air", 'borrable al aire'),
        ],
        sizes: ['1 mm', '2 mm'],
      },
      {
        code: 'SN-SR',
        name: t('Seam rippers', 'Découseurs', 'Descosedores'),
        item: t('seam ripper', 'Découseur', 'Descosedor'),
        variants: [t('Ergonomic', 'ergonomique', 'ergonómico'), NONE],
        type: 'Standard',
        sizes: ['S', 'L'],
      },
      {
        code: 'SN-VL',
        name: t('Hook-and-loop tape', 'Bande auto-agrippante', 'Cinta de gancho y bucle'),
        item: t('hook-and-loop tape', 'Bande auto-agrippante', 'Cinta de gancho y bucle'),
        variants: [t('Sew-on', 'à coudre', 'para coser'), t('Adhesive', 'adhésive', 'adhesiva')],
        sizes: ['20 mm', '25 mm', '50 mm'],
      },
    ],
  },
  {
    code: 'KC',
    name: t('Knitting & Crochet', 'Tricot et crochet', 'Tejido y ganchillo'),
    weight: 1,
    brands: ['Tricotin', 'Prairie Craft', 'Cedar & Pine'],
    packs: [1, 6, 12],
    price: [400, 2500],
    use: t(
      'Smooth tips and a warm feel in the hand for hours of knitting.',
      'Des pointes lisses et une prise agréable pour des heures de tricot.',
      'Puntas suaves y un tacto agradable para horas de tejido.',
    ),
    subs: [
      {
        code: 'KC-SN',
        name: t('Straight needles', 'Aiguilles droites', 'Agujas rectas'),
        item: t(
          'straight knitting needles',
          'Aiguilles à tricoter droites',
          'Agujas de tejer rectas',
        ),
        variants: [
          t('Bamboo', 'en bambou', 'de bambú'),
          t('Aluminium', 'en aluminium', 'de aluminio'),
        ],
        sizes: ['3 mm', '4 mm', '5 mm', '6 mm', '8 mm'],
        subs: [
          { code: 'KC-SN-BM', name: t('Bamboo', 'Bambou', 'Bambú'), variant: 0 },
          { code: 'KC-SN-AL', name: t('Aluminium', 'Aluminium', 'Aluminio'), variant: 1 },
        ],
      },
      {
        code: 'KC-CN',
        name: t('Circular needles', 'Aiguilles circulaires', 'Agujas circulares'),
        item: t('circular knitting needles', 'Aiguilles circulaires', 'Agujas circulares'),
        variants: [
          t('Bamboo', 'en bambou', 'de bambú'),
          t('Nickel-plated', 'nickelées', 'niqueladas'),
        ],
        sizes: ['3.5 mm', '4 mm', '4.5 mm', '5 mm'],
      },
      {
        code: 'KC-HK',
        name: t('Crochet hooks', 'Crochets', 'Ganchillos'),
        item: t('crochet hook', 'Crochet', 'Ganchillo'),
        variants: [
          t('Aluminium', 'en aluminium', 'de aluminio'),
          t('Ergonomic', 'ergonomique', 'ergonómico'),
        ],
        sizes: ['2.5 mm', '3.5 mm', '4 mm', '5 mm', '6 mm'],
      },
      {
        code: 'KC-AC',
        name: t('Knitting accessories', 'Accessoires de tricot', 'Accesorios de tejido'),
        item: t('stitch markers', 'Marqueurs de mailles', 'Marcadores de puntos'),
        variants: [t('Locking', 'à verrou', 'con cierre'), t('Ring', 'en anneau', 'de anillo')],
        sizes: [t('20 pieces', '20 pièces', '20 piezas'), t('50 pieces', '50 pièces', '50 piezas')],
      },
    ],
  },
  {
    code: 'ZP',
    name: t('Zippers', 'Fermetures éclair', 'Cremalleras'),
    hidden: true,
    weight: 0.8,
    brands: ['Maple Notions', 'Bluenose Supply'],
    packs: [6, 12, 24, 48],
    price: [80, 600],
    use: t(
      'A smooth-running slider with a secure lock.',
      'Un curseur qui glisse en douceur et se bloque solidement.',
      'Un cursor que se desliza con suavidad y cierra con seguridad.',
    ),
    subs: [
      {
        code: 'ZP-NY',
        name: t('Nylon coil zippers', 'Fermetures en nylon', 'Cremalleras de nailon'),
        item: t('nylon coil zipper', 'Fermeture à glissière en nylon', 'Cremallera de nailon'),
        variants: [
          t('Closed-end', 'non séparable', 'no separable'),
          t('Separating', 'séparable', 'separable'),
        ],
        sizes: ['18 cm', '23 cm', '35 cm', '55 cm', '65 cm'],
      },
      {
        code: 'ZP-MT',
        name: t('Metal zippers', 'Fermetures métalliques', 'Cremalleras metálicas'),
        item: t('metal zipper', 'Fermeture à glissière métallique', 'Cremallera metálica'),
        variants: [
          t('Jeans', 'pour jeans', 'para vaqueros'),
          t('Separating', 'séparable', 'separable'),
        ],
        sizes: ['15 cm', '18 cm', '60 cm'],
      },
      {
        code: 'ZP-IN',
        name: t('Invisible zippers', 'Fermetures invisibles', 'Cremalleras invisibles'),
        item: t('invisible zipper', 'Fermeture à glissière invisible', 'Cremallera invisible'),
        variants: [NONE],
        type: 'Invisible',
        sizes: ['23 cm', '35 cm', '55 cm'],
      },
    ],
  },
  {
    code: 'PR',
    name: t('Promotions', 'Promotions', 'Promociones'),
    weight: 0.5,
    brands: ['Maple Notions', 'Tricotin', 'Lumière Crafts'],
    packs: [1, 6, 12],
    price: [500, 4000],
    use: t(
      'A limited-time assortment at a special wholesale price.',
      'Un assortiment offert pour une durée limitée à un prix de gros spécial.',
      'Un surtido por tiempo limitado a un precio mayorista especial.',
    ),
    subs: [
      {
        code: 'PR-KT',
        name: t('Sewing kits', 'Trousses de couture', 'Kits de costura'),
        item: t('sewing kit', 'Trousse de couture', 'Kit de costura'),
        variants: [
          t('Travel', 'de voyage', 'de viaje'),
          t('Beginner', 'pour débutant', 'para principiantes'),
          t('Deluxe', 'de luxe', 'de lujo'),
        ],
        sizes: [t('24 pieces', '24 pièces', '24 piezas'), t('48 pieces', '48 pièces', '48 piezas')],
      },
      {
        code: 'PR-BN',
        name: t('Bundles', 'Lots', 'Lotes'),
        item: t('button assortment', 'Assortiment de boutons', 'Surtido de botones'),
        variants: [t('Seasonal', 'saisonnier', 'de temporada'), t('Mixed', 'varié', 'variado')],
        sizes: ['100 g', '250 g', '500 g'],
      },
      {
        code: 'PR-GS',
        name: t('Gift sets', 'Coffrets cadeaux', 'Sets de regalo'),
        item: t('knitting gift set', 'Coffret cadeau tricot', 'Set de regalo de tejido'),
        variants: [t('Starter', 'découverte', 'de iniciación'), NONE],
        type: 'Gift set',
        sizes: [t('3 pieces', '3 pièces', '3 piezas'), t('5 pieces', '5 pièces', '5 piezas')],
      },
    ],
  },
];

export type Colour = T3 & { hex: string };
const c = (en: string, fr: string, es: string, hex: string): Colour => ({ en, fr, es, hex });

export const COLOURS: Colour[] = [
  c('Black', 'noir', 'negro', '#1d1d1f'),
  c('White', 'blanc', 'blanco', '#f7f7f5'),
  c('Ivory', 'ivoire', 'marfil', '#f3ecd8'),
  c('Navy', 'marine', 'azul marino', '#1f2f57'),
  c('Red', 'rouge', 'rojo', '#c62828'),
  c('Royal blue', 'bleu roi', 'azul real', '#2856c6'),
  c('Emerald', 'émeraude', 'esmeralda', '#1f8a5b'),
  c('Gold', 'doré', 'dorado', '#c9a23a'),
  c('Silver', 'argenté', 'plateado', '#b8bcc2'),
  c('Pink', 'rose', 'rosa', '#e88aa8'),
  c('Beige', 'beige', 'beige', '#d8c7a6'),
  c('Brown', 'brun', 'marrón', '#6d4c33'),
  c('Grey', 'gris', 'gris', '#8a8d91'),
  c('Yellow', 'jaune', 'amarillo', '#f2c230'),
  c('Orange', 'orange', 'naranja', '#ec7a23'),
  c('Purple', 'violet', 'morado', '#7b3fa0'),
  c('Turquoise', 'turquoise', 'turquesa', '#2bb3b1'),
  c('Natural', 'naturel', 'natural', '#e6d9bd'),
  c('Burgundy', 'bordeaux', 'burdeos', '#7a1f35'),
  c('Olive', 'olive', 'oliva', '#6f7a35'),
  c('Coral', 'corail', 'coral', '#f07a66'),
  c('Mint', 'menthe', 'menta', '#9ad8bf'),
  c('Lilac', 'lilas', 'lila', '#c3a6d8'),
  c('Charcoal', 'anthracite', 'carbón', '#3b3f45'),
];

/** Fictional brands with a GS1-style six-digit company prefix for their barcodes. */
export const BRAND_PREFIX: Record<string, string> = {
  'Maple Notions': '062841',
  'Atelier Boréal': '062977',
  'Harbour Lane': '071384',
  Northstitch: '073529',
  "Fil d'Or": '064112',
  Tricotin: '065230',
  'Prairie Craft': '078921',
  'Cedar & Pine': '081546',
  'Lumière Crafts': '066705',
  Kestrel: '084230',
  'Bluenose Supply': '069018',
};

/** Class codes: the four special classes of docs/product/catalogue.md and three regular ones. */
export const CLASS_CODES = [
  {
    code: 'A',
    labelEn: 'Core range',
    labelFr: 'Gamme de base',
    labelEs: 'Gama básica',
    color: '#4b5563',
    weight: 34,
  },
  {
    code: 'B',
    labelEn: 'Standard',
    labelFr: 'Standard',
    labelEs: 'Estándar',
    color: '#6b7280',
    weight: 21,
  },
  {
    code: 'C',
    labelEn: 'Seasonal',
    labelFr: 'Saisonnier',
    labelEs: 'De temporada',
    color: '#0f766e',
    weight: 15,
  },
  { code: 'F', labelEn: 'New', labelFr: 'Nouveau', labelEs: 'Nuevo', color: '#15803d', weight: 10 },
  {
    code: 'R',
    labelEn: 'Clearance',
    labelFr: 'Liquidation',
    labelEs: 'Liquidación',
    color: '#b91c1c',
    weight: 7,
  },
  {
    code: 'Y',
    labelEn: 'On sale',
    labelFr: 'En solde',
    labelEs: 'En oferta',
    color: '#c2410c',
    weight: 8,
  },
  {
    code: 'N',
    labelEn: 'Coming soon',
    labelFr: 'Bientôt disponible',
    labelEs: 'Próximamente',
    color: '#1d4ed8',
    weight: 5,
  },
] as const;

export const CONTENT_TYPES = ['Videos', 'Patterns & Inspiration', 'Education & Blog Post'] as const;

/** Curated groups: title, and the top categories their items come from. */
export const PRODUCT_GROUPS: Array<{ title: T3; from: string[]; size: number }> = [
  {
    title: t('Back-to-school sewing', 'Couture de la rentrée', 'Costura para la vuelta al cole'),
    from: ['TH', 'NP', 'SC', 'SN'],
    size: 40,
  },
  {
    title: t('Spring colours', 'Couleurs du printemps', 'Colores de primavera'),
    from: ['RB', 'FB', 'BT'],
    size: 60,
  },
  {
    title: t('Knitting essentials', 'Essentiels du tricot', 'Esenciales del tejido'),
    from: ['YR', 'KC'],
    size: 50,
  },
  {
    title: t(
      'Bridal lace & ribbons',
      'Dentelles et rubans de mariée',
      'Encajes y cintas nupciales',
    ),
    from: ['LT', 'RB', 'BD'],
    size: 30,
  },
  {
    title: t('Holiday crafts', 'Bricolages des Fêtes', 'Manualidades navideñas'),
    from: ['BD', 'RB', 'PR', 'FB'],
    size: 80,
  },
  {
    title: t('Quilting favourites', 'Favoris de la courtepointe', 'Favoritos del acolchado'),
    from: ['FB', 'TH', 'SC'],
    size: 24,
  },
];
