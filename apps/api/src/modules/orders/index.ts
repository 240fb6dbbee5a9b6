// Public entry of the orders module (see accounts/index.ts for the rule).
export {
  customerOrderSummary,
  openOrdersByShipToAddress,
  topProductIdsByQuantity,
} from './orders.stats';
export { registerOrderMails } from './orders.mail';
export { ORDERS_CHANNEL } from './order-desk.service';
// A shipment hands its parcel to the invoice workflow in its transaction.
export type { OnShipment } from './order-desk.service';
// The place-order workflow writes the order, its lines and the stock in one transaction.
export {
  insertOrderClaimingKey,
  selectOrderIdByKey,
  writePlacedOrder,
  type NewOrderLine,
} from './orders.queries';
// What an order event's webhook payload says of where and when the order ships, and the columns
// a placed line keeps of why it costs what it does.
export { orderLinePriceColumns, priceReasonFields, shippingWebhookFields } from './order-follow-up';
// The back-office home lists the open orders by requested ship date.
export { openOrdersSummary } from './orders.home';
// The desk's credit steps (the order-credit workflow): record the deposit, release a credit hold.
export { lockOrderCredit, markDepositReceived, releaseOrderHold } from './order-credit.queries';
// The receivables module prints its documents (invoices, credit notes, statements) with the order
// PDFs' page, letterhead, table and totals.
export {
  addressLines,
  customerName,
  plainName,
  renderPdf,
  tableRow,
  totalLine,
} from './warehouse-pdf';
export { drawLetterhead, pdfAuthor } from './pdf-letterhead';
// The orders waiting for credit, listed for credit staff on Receivables with the desk's own filter
// (its `waiting: 'credit'`, read by orders_waiting_idx).
export { countDeskByStatus, selectDeskPage } from './order-desk-list.queries';
