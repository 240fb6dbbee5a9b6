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

let registered = false;
/** Registers the template once per process. */
export function registerOrderMails(): void {
  if (registered) return;
  registered = true;
  registerMailTemplate('order-confirmation', orderConfirmationMail);
}
