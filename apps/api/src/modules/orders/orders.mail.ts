import type { Lang } from '@wholesale/contract';
import { registerMailTemplate, type MailContent } from '../mail';

const TEXT: Record<
  Lang,
  {
    subject: (n: string) => string;
    heading: string;
    body: (n: string, total: string) => string;
    action: string;
  }
> = {
  en: {
    subject: (n) => `Order ${n} received`,
    heading: 'Thank you for your order',
    body: (n, total) =>
      `We have received your order ${n} for ${total}. We will let you know when it ships.`,
    action: 'View the order',
  },
  fr: {
    subject: (n) => `Commande ${n} reçue`,
    heading: 'Merci pour votre commande',
    body: (n, total) =>
      `Nous avons bien reçu votre commande ${n} d’un montant de ${total}. Nous vous préviendrons lors de l’expédition.`,
    action: 'Voir la commande',
  },
  es: {
    subject: (n) => `Pedido ${n} recibido`,
    heading: 'Gracias por su pedido',
    body: (n, total) =>
      `Hemos recibido su pedido ${n} por ${total}. Le avisaremos cuando se envíe.`,
    action: 'Ver el pedido',
  },
};

/** 'order-confirmation' mail: data { order_id, total (formatted), url, po_number? }. */
export function orderConfirmationMail(lang: Lang, data: Record<string, unknown>): MailContent {
  const t = TEXT[lang];
  const n = `#${String(data.order_id ?? '')}`;
  const paragraphs = [t.body(n, String(data.total ?? ''))];
  if (data.po_number) paragraphs.push(`PO: ${String(data.po_number)}`);
  return {
    subject: t.subject(n),
    heading: t.heading,
    paragraphs,
    action: data.url ? { label: t.action, url: String(data.url) } : undefined,
  };
}

type StatusText = { subject: (n: string) => string; heading: string; body: (n: string) => string };

const STATUS_TEXT: Record<
  'accepted' | 'shipped' | 'partial' | 'cancelled',
  Record<Lang, StatusText>
> = {
  accepted: {
    en: {
      subject: (n) => `Order ${n} accepted`,
      heading: 'Your order is accepted',
      body: (n) => `We have accepted your order ${n} and are preparing it.`,
    },
    fr: {
      subject: (n) => `Commande ${n} acceptée`,
      heading: 'Votre commande est acceptée',
      body: (n) => `Nous avons accepté votre commande ${n} et la préparons.`,
    },
    es: {
      subject: (n) => `Pedido ${n} aceptado`,
      heading: 'Su pedido ha sido aceptado',
      body: (n) => `Hemos aceptado su pedido ${n} y lo estamos preparando.`,
    },
  },
  shipped: {
    en: {
      subject: (n) => `Order ${n} shipped`,
      heading: 'Your order is on its way',
      body: (n) => `Your order ${n} has shipped.`,
    },
    fr: {
      subject: (n) => `Commande ${n} expédiée`,
      heading: 'Votre commande est en route',
      body: (n) => `Votre commande ${n} a été expédiée.`,
    },
    es: {
      subject: (n) => `Pedido ${n} enviado`,
      heading: 'Su pedido está en camino',
      body: (n) => `Su pedido ${n} ha sido enviado.`,
    },
  },
  partial: {
    en: {
      subject: (n) => `Part of order ${n} shipped`,
      heading: 'Part of your order is on its way',
      body: (n) =>
        `Part of your order ${n} has shipped; the other lines are back-ordered and will follow.`,
    },
    fr: {
      subject: (n) => `Commande ${n} expédiée en partie`,
      heading: 'Une partie de votre commande est en route',
      body: (n) =>
        `Une partie de votre commande ${n} a été expédiée ; les autres lignes sont en rupture et suivront.`,
    },
    es: {
      subject: (n) => `Pedido ${n} enviado en parte`,
      heading: 'Parte de su pedido está en camino',
      body: (n) =>
        `Parte de su pedido ${n} ha sido enviada; las demás líneas están pendientes y llegarán después.`,
    },
  },
  cancelled: {
    en: {
      subject: (n) => `Order ${n} cancelled`,
      heading: 'Your order is cancelled',
      body: (n) => `Your order ${n} has been cancelled. Contact us if you have any question.`,
    },
    fr: {
      subject: (n) => `Commande ${n} annulée`,
      heading: 'Votre commande est annulée',
      body: (n) => `Votre commande ${n} a été annulée. Contactez-nous pour toute question.`,
    },
    es: {
      subject: (n) => `Pedido ${n} cancelado`,
      heading: 'Su pedido ha sido cancelado',
      body: (n) => `Su pedido ${n} ha sido cancelado. Contáctenos si tiene alguna pregunta.`,
    },
  },
};

const TRACKING_LABEL: Record<Lang, { carrier: string; tracking: string; action: string }> = {
  en: { carrier: 'Carrier', tracking: 'Tracking number', action: 'Track the parcel' },
  fr: { carrier: 'Transporteur', tracking: 'Numéro de suivi', action: 'Suivre le colis' },
  es: { carrier: 'Transportista', tracking: 'Número de seguimiento', action: 'Seguir el bulto' },
};

const CARRIER_NAMES: Record<string, string> = {
  canada_post: 'Canada Post',
  purolator: 'Purolator',
  ups: 'UPS',
  fedex: 'FedEx',
  usps: 'USPS',
  other: '—',
};

/** The status mails: data { order_id, carrier?, tracking_number?, tracking_url?, partial? }. */
function statusMail(kind: 'accepted' | 'shipped' | 'cancelled') {
  return (lang: Lang, data: Record<string, unknown>): MailContent => {
    const key = kind === 'shipped' && data.partial ? 'partial' : kind;
    const t = STATUS_TEXT[key][lang];
    const n = `#${String(data.order_id ?? '')}`;
    const paragraphs = [t.body(n)];
    const labels = TRACKING_LABEL[lang];
    if (kind === 'shipped' && data.carrier)
      paragraphs.push(
        `${labels.carrier}: ${CARRIER_NAMES[String(data.carrier)] ?? String(data.carrier)}`,
      );
    if (kind === 'shipped' && data.tracking_number)
      paragraphs.push(`${labels.tracking}: ${String(data.tracking_number)}`);
    return {
      subject: t.subject(n),
      heading: t.heading,
      paragraphs,
      action: data.tracking_url
        ? { label: labels.action, url: String(data.tracking_url) }
        : undefined,
    };
  };
}

// eslint-disable-next-line no-restricted-syntax -- the mail templates are a registry of code, per process
let registered = false;
/** Registers the templates once per process (the mail templates are a registry of code). */
export function registerOrderMails(): void {
  if (registered) return;
  registered = true;
  registerMailTemplate('order-confirmation', orderConfirmationMail);
  registerMailTemplate('order-accepted', statusMail('accepted'));
  registerMailTemplate('order-shipped', statusMail('shipped'));
  registerMailTemplate('order-cancelled', statusMail('cancelled'));
}
