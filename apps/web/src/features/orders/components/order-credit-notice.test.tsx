import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadTranslations } from '@/test/i18n';
import { renderRoutes } from '@/test/render';
import { OrderCreditBadge, OrderCreditNotice } from './order-credit-notice';

beforeAll(() => preloadTranslations(['credit', 'common']));

const renderIt = (element: React.ReactNode) => renderRoutes([{ path: '*', element }], '/orders');

describe('order credit notice', () => {
  it('tells the buyer in plain words that the order waits for credit review and why, and for its deposit', () => {
    renderIt(
      <OrderCreditNotice
        order={{ hold_reason: 'credit_limit', deposit: 650, deposit_received_at: null }}
      />,
    );
    expect(screen.getByTestId('order-credit-notice')).toHaveTextContent(
      'Waiting for credit review — This order is beyond your available credit',
    );
    expect(screen.getByTestId('order-credit-notice')).toHaveTextContent('Waiting for deposit');
  });

  it('says nothing for an order that waits for nothing, and the deposit once received', () => {
    renderIt(
      <>
        <OrderCreditNotice order={{ hold_reason: null, deposit: 0 }} />
        <OrderCreditBadge order={{ hold_reason: 'account_hold', deposit: 0 }} />
      </>,
    );
    expect(screen.queryByTestId('order-credit-notice')).toBeNull();
    expect(screen.getByText('Waiting for credit review')).toBeVisible();
  });
});
