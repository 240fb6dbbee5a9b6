import type { Craft, Lang } from '@wholesale/contract';

/** Demo editorial content in the three languages; files are generated from these texts (content.demo.ts). */
export type Tri = Record<Lang, string>;

export const DEMO_SLIDES: { title: Tri; subtitle: Tri; link: string; colors: [string, string] }[] =
  [
    {
      title: {
        en: 'The 2026 catalogue is here',
        fr: 'Le catalogue 2026 est arrivé',
        es: 'Llegó el catálogo 2026',
      },
      subtitle: {
        en: 'Over 2,000 notions and yarns for your shop',
        fr: 'Plus de 2 000 articles de mercerie et fils pour votre boutique',
        es: 'Más de 2.000 artículos de mercería e hilos para su tienda',
      },
      link: '/catalogues',
      colors: ['#7a2e4d', '#c2577f'],
    },
    {
      title: {
        en: 'Free patterns every month',
        fr: 'Des patrons gratuits chaque mois',
        es: 'Patrones gratis cada mes',
      },
      subtitle: {
        en: 'Knitting, crochet, sewing and quilting projects',
        fr: 'Tricot, crochet, couture et courtepointe',
        es: 'Proyectos de punto, ganchillo, costura y acolchado',
      },
      link: '/free-patterns',
      colors: ['#1f5c5a', '#3f9c8f'],
    },
    {
      title: {
        en: 'Read our latest newsletter',
        fr: 'Lisez notre dernière infolettre',
        es: 'Lea nuestro último boletín',
      },
      subtitle: {
        en: 'New arrivals, trends and trade show dates',
        fr: 'Nouveautés, tendances et dates des salons',
        es: 'Novedades, tendencias y fechas de ferias',
      },
      link: '/newsletter',
      colors: ['#2d3f73', '#5670b8'],
    },
  ];

export const DEMO_NEWSLETTERS: {
  date: string;
  title: Tri;
  summary: Tri;
  colors: [string, string];
}[] = [
  {
    date: '2026-10-01',
    title: {
      en: 'Autumn 2026 newsletter',
      fr: 'Infolettre automne 2026',
      es: 'Boletín otoño 2026',
    },
    summary: {
      en: 'Cozy yarns, holiday ribbons and our new quilting cottons.',
      fr: 'Fils douillets, rubans des fêtes et nos nouveaux cotons à courtepointe.',
      es: 'Hilos acogedores, cintas navideñas y nuestros nuevos algodones para acolchar.',
    },
    colors: ['#8a4b14', '#d98b3a'],
  },
  {
    date: '2026-07-01',
    title: { en: 'Summer 2026 newsletter', fr: 'Infolettre été 2026', es: 'Boletín verano 2026' },
    summary: {
      en: 'Beach bags, embroidery floss in 40 new shades and trade show dates.',
      fr: 'Sacs de plage, 40 nouvelles teintes de fil à broder et dates des salons.',
      es: 'Bolsos de playa, 40 nuevos tonos de hilo de bordar y fechas de ferias.',
    },
    colors: ['#1d6a8a', '#5fb3d3'],
  },
  {
    date: '2026-04-01',
    title: {
      en: 'Spring 2026 newsletter',
      fr: 'Infolettre printemps 2026',
      es: 'Boletín primavera 2026',
    },
    summary: {
      en: 'Pastel buttons, lightweight cottons and the spring catalogue.',
      fr: 'Boutons pastel, cotons légers et le catalogue du printemps.',
      es: 'Botones pastel, algodones ligeros y el catálogo de primavera.',
    },
    colors: ['#4f7a28', '#9cc96b'],
  },
];

export const DEMO_CATALOGUES: {
  codePrefix: string;
  title: Tri;
  description: Tri;
  colors: [string, string];
  sections: Tri[];
}[] = [
  {
    codePrefix: 'BT',
    title: {
      en: 'Notions catalogue 2026',
      fr: 'Catalogue de mercerie 2026',
      es: 'Catálogo de mercería 2026',
    },
    description: {
      en: 'Buttons, zippers, needles, scissors and every notion we carry.',
      fr: 'Boutons, fermetures éclair, aiguilles, ciseaux et toute notre mercerie.',
      es: 'Botones, cremalleras, agujas, tijeras y toda nuestra mercería.',
    },
    colors: ['#7a2e4d', '#f2d7e1'],
    sections: [
      { en: 'Buttons and fasteners', fr: 'Boutons et attaches', es: 'Botones y cierres' },
      { en: 'Needles and pins', fr: 'Aiguilles et épingles', es: 'Agujas y alfileres' },
      { en: 'Cutting tools', fr: 'Outils de coupe', es: 'Herramientas de corte' },
    ],
  },
  {
    codePrefix: 'YN',
    title: {
      en: 'Yarn and fibre catalogue 2026',
      fr: 'Catalogue fils et fibres 2026',
      es: 'Catálogo de hilos y fibras 2026',
    },
    description: {
      en: 'Wool, cotton and acrylic yarns with shade cards and ship packs.',
      fr: 'Laine, coton et acrylique avec nuanciers et emballages.',
      es: 'Lana, algodón y acrílico con cartas de colores y paquetes de envío.',
    },
    colors: ['#1f5c5a', '#d5ece8'],
    sections: [
      { en: 'Wool yarns', fr: 'Fils de laine', es: 'Hilos de lana' },
      { en: 'Cotton yarns', fr: 'Fils de coton', es: 'Hilos de algodón' },
      { en: 'Shade cards', fr: 'Nuanciers', es: 'Cartas de colores' },
    ],
  },
];

export const DEMO_PATTERNS: { craft: Craft; title: Tri; description: Tri; steps: Tri[] }[] = [
  {
    craft: 'knitting',
    title: { en: 'Easy ribbed scarf', fr: 'Écharpe côtelée facile', es: 'Bufanda acanalada fácil' },
    description: {
      en: 'A beginner scarf in 2x2 rib, one skein of worsted yarn.',
      fr: 'Une écharpe pour débutants en côtes 2x2, une pelote de laine peignée.',
      es: 'Una bufanda para principiantes en elástico 2x2, un ovillo de lana peinada.',
    },
    steps: [
      { en: 'Cast on 32 stitches.', fr: 'Montez 32 mailles.', es: 'Monte 32 puntos.' },
      {
        en: 'Work knit 2, purl 2 rib until 150 cm.',
        fr: 'Tricotez 2 m. endroit, 2 m. envers jusqu’à 150 cm.',
        es: 'Teja 2 derechos, 2 reveses hasta 150 cm.',
      },
      {
        en: 'Bind off loosely and weave in the ends.',
        fr: 'Rabattez souplement et rentrez les fils.',
        es: 'Cierre sin apretar y remate los hilos.',
      },
    ],
  },
  {
    craft: 'crochet',
    title: {
      en: 'Granny square dishcloth',
      fr: 'Lavette grand-mère au crochet',
      es: 'Paño de cocina granny',
    },
    description: {
      en: 'A classic granny square in cotton yarn, ready in an evening.',
      fr: 'Un carré grand-mère classique en coton, prêt en une soirée.',
      es: 'Un cuadrado granny clásico en algodón, listo en una tarde.',
    },
    steps: [
      {
        en: 'Chain 4 and join into a ring.',
        fr: 'Faites 4 mailles en l’air et fermez en rond.',
        es: 'Haga 4 cadenas y cierre en anillo.',
      },
      {
        en: 'Work 4 clusters of 3 double crochets.',
        fr: 'Faites 4 groupes de 3 brides.',
        es: 'Teja 4 grupos de 3 varetas.',
      },
      {
        en: 'Repeat the rounds until 20 cm wide.',
        fr: 'Répétez les tours jusqu’à 20 cm.',
        es: 'Repita las vueltas hasta 20 cm.',
      },
    ],
  },
  {
    craft: 'sewing',
    title: { en: 'Lined tote bag', fr: 'Sac cabas doublé', es: 'Bolso tote forrado' },
    description: {
      en: 'A sturdy market tote with a lining and an inside pocket.',
      fr: 'Un cabas solide avec doublure et poche intérieure.',
      es: 'Un bolso resistente con forro y bolsillo interior.',
    },
    steps: [
      {
        en: 'Cut two outer and two lining panels.',
        fr: 'Coupez deux panneaux extérieurs et deux de doublure.',
        es: 'Corte dos paneles exteriores y dos de forro.',
      },
      {
        en: 'Sew the side and bottom seams.',
        fr: 'Cousez les coutures des côtés et du fond.',
        es: 'Cosa las costuras laterales y del fondo.',
      },
      {
        en: 'Attach the straps and topstitch the opening.',
        fr: 'Fixez les anses et surpiquez l’ouverture.',
        es: 'Fije las asas y pespuntee la abertura.',
      },
    ],
  },
  {
    craft: 'quilting',
    title: {
      en: 'Nine-patch baby quilt',
      fr: 'Courtepointe bébé neuf carrés',
      es: 'Colcha de bebé de nueve cuadros',
    },
    description: {
      en: 'A nine-patch quilt top from charm squares.',
      fr: 'Un dessus de courtepointe neuf carrés à partir de carrés précoupés.',
      es: 'Una colcha de nueve cuadros con cuadrados precortados.',
    },
    steps: [
      {
        en: 'Sew three rows of three squares.',
        fr: 'Cousez trois rangées de trois carrés.',
        es: 'Cosa tres filas de tres cuadrados.',
      },
      {
        en: 'Press the seams and join the rows.',
        fr: 'Pressez les coutures et assemblez les rangées.',
        es: 'Planche las costuras y una las filas.',
      },
      {
        en: 'Layer, quilt and bind.',
        fr: 'Superposez, matelassez et bordez.',
        es: 'Superponga, acolche y ribetee.',
      },
    ],
  },
  {
    craft: 'embroidery',
    title: {
      en: 'Wildflower hoop',
      fr: 'Tambour fleurs sauvages',
      es: 'Bastidor de flores silvestres',
    },
    description: {
      en: 'Satin stitch and French knots on a 15 cm hoop.',
      fr: 'Point plumetis et points de nœud sur un tambour de 15 cm.',
      es: 'Punto de satén y nudos franceses en un bastidor de 15 cm.',
    },
    steps: [
      {
        en: 'Transfer the design onto the fabric.',
        fr: 'Reportez le motif sur le tissu.',
        es: 'Transfiera el diseño a la tela.',
      },
      {
        en: 'Stitch the stems in back stitch.',
        fr: 'Brodez les tiges au point arrière.',
        es: 'Borde los tallos con pespunte.',
      },
      {
        en: 'Fill the petals in satin stitch.',
        fr: 'Remplissez les pétales au point plumetis.',
        es: 'Rellene los pétalos con punto de satén.',
      },
    ],
  },
];

export const DEMO_FAQS: { question: Tri; answer: Tri }[] = [
  {
    question: {
      en: 'How long does shipping take?',
      fr: 'Quels sont les délais de livraison ?',
      es: '¿Cuánto tarda el envío?',
    },
    answer: {
      en: 'Orders placed before 2 pm ship the same business day from our Montréal warehouse. Delivery takes 2 to 5 business days in Canada and 4 to 8 business days to the United States.',
      fr: 'Les commandes passées avant 14 h sont expédiées le jour ouvrable même depuis notre entrepôt de Montréal. La livraison prend de 2 à 5 jours ouvrables au Canada et de 4 à 8 jours ouvrables vers les États-Unis.',
      es: 'Los pedidos realizados antes de las 14 h se envían el mismo día hábil desde nuestro almacén de Montreal. La entrega tarda de 2 a 5 días hábiles en Canadá y de 4 a 8 días hábiles a Estados Unidos.',
    },
  },
  {
    question: {
      en: 'What is a ship pack?',
      fr: 'Qu’est-ce qu’un emballage d’expédition ?',
      es: '¿Qué es un paquete de envío?',
    },
    answer: {
      en: 'A ship pack is the smallest quantity we sell of an item, for example a card of 12 buttons. Quantities in your cart are counted in ship packs.',
      fr: 'Un emballage d’expédition est la plus petite quantité vendue d’un article, par exemple une carte de 12 boutons. Les quantités du panier sont comptées en emballages.',
      es: 'Un paquete de envío es la cantidad mínima que vendemos de un artículo, por ejemplo una tarjeta de 12 botones. Las cantidades del carrito se cuentan en paquetes.',
    },
  },
  {
    question: {
      en: 'Can I return an item?',
      fr: 'Puis-je retourner un article ?',
      es: '¿Puedo devolver un artículo?',
    },
    answer: {
      en: 'Returns need our prior authorization and are accepted up to 60 days from shipment. Contact customer support with your order number to get a return authorization.',
      fr: 'Les retours nécessitent notre autorisation préalable et sont acceptés jusqu’à 60 jours après l’expédition. Contactez le service à la clientèle avec votre numéro de commande.',
      es: 'Las devoluciones requieren nuestra autorización previa y se aceptan hasta 60 días después del envío. Contacte con atención al cliente con su número de pedido.',
    },
  },
  {
    question: {
      en: 'What is the minimum opening order?',
      fr: 'Quel est le montant minimum de la première commande ?',
      es: '¿Cuál es el pedido mínimo de apertura?',
    },
    answer: {
      en: 'The opening order minimum is $500 for Canadian accounts and $200 for US accounts.',
      fr: 'La première commande minimale est de 500 $ pour les comptes canadiens et de 200 $ pour les comptes américains.',
      es: 'El pedido mínimo de apertura es de 500 $ para cuentas canadienses y de 200 $ para cuentas de Estados Unidos.',
    },
  },
  {
    question: {
      en: 'How do I reset my password?',
      fr: 'Comment réinitialiser mon mot de passe ?',
      es: '¿Cómo restablezco mi contraseña?',
    },
    answer: {
      en: 'Use the Forgot password link on the login page. We e-mail you a link to choose a new password.',
      fr: 'Utilisez le lien Mot de passe oublié sur la page de connexion. Nous vous envoyons un courriel pour choisir un nouveau mot de passe.',
      es: 'Use el enlace ¿Olvidó su contraseña? en la página de inicio de sesión. Le enviaremos un correo para elegir una nueva contraseña.',
    },
  },
  {
    question: {
      en: 'Which payment methods do you accept?',
      fr: 'Quels modes de paiement acceptez-vous ?',
      es: '¿Qué formas de pago aceptan?',
    },
    answer: {
      en: 'Approved accounts pay on 30-day net terms. We also accept Visa and Mastercard.',
      fr: 'Les comptes approuvés paient à 30 jours net. Nous acceptons aussi Visa et Mastercard.',
      es: 'Las cuentas aprobadas pagan a 30 días neto. También aceptamos Visa y Mastercard.',
    },
  },
];

export const DEMO_ARTICLES: { title: Tri; body: Tri }[] = [
  {
    title: {
      en: 'Tracking your shipment',
      fr: 'Suivre votre expédition',
      es: 'Seguimiento de su envío',
    },
    body: {
      en: 'Once your order ships we e-mail a tracking number. Open your order history and choose the order to see its shipping status and tracking link.',
      fr: 'Dès l’expédition de votre commande, nous vous envoyons un numéro de suivi par courriel. Ouvrez l’historique des commandes et choisissez la commande pour voir son état et le lien de suivi.',
      es: 'Cuando su pedido sale le enviamos un número de seguimiento por correo. Abra el historial de pedidos y elija el pedido para ver su estado y el enlace de seguimiento.',
    },
  },
  {
    title: {
      en: 'Uploading orders with an Opticon scanner',
      fr: 'Téléverser des commandes avec un lecteur Opticon',
      es: 'Subir pedidos con un lector Opticon',
    },
    body: {
      en: 'Scan the barcodes on the shelf labels, connect the scanner and open Opticon Upload. The scanned items and quantities are added to your cart.',
      fr: 'Scannez les codes-barres des étiquettes, branchez le lecteur et ouvrez Téléversement Opticon. Les articles et quantités scannés sont ajoutés à votre panier.',
      es: 'Escanee los códigos de barras de las etiquetas, conecte el lector y abra Carga Opticon. Los artículos y cantidades escaneados se añaden a su carrito.',
    },
  },
  {
    title: {
      en: 'Applying for a credit account',
      fr: 'Demander un compte de crédit',
      es: 'Solicitar una cuenta de crédito',
    },
    body: {
      en: 'Fill in the two-step application with your business details, trade references and banking information. Our credit team reviews applications within two business days.',
      fr: 'Remplissez la demande en deux étapes avec les renseignements de votre entreprise, vos références commerciales et bancaires. Notre équipe de crédit répond sous deux jours ouvrables.',
      es: 'Complete la solicitud en dos pasos con los datos de su empresa, referencias comerciales y bancarias. Nuestro equipo de crédito responde en dos días hábiles.',
    },
  },
];
