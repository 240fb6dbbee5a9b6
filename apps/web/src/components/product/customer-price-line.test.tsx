import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, toCents, type BuyerPriceReason } from '@wholesale/contract';
import i18n from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { NextBreakText, PriceReasonText } from './customer-price';

const LANGS = ['en', 'fr', 'es'] as const;
beforeAll(() => preloadTranslations(['customer-price'], LANGS));
afterEach(() => i18n.changeLanguage('en'));

const list = (minPacks: number, assignee: 'customer' | 'group' = 'customer'): BuyerPriceReason => ({
  kind: 'price_list',
  list_name: 'Tremblay',
  assignee,
  min_packs: minPacks,
});

describe('a cart or order line’s price reason and next break', () => {
  it('says nothing for the catalogue price or a line ordered before reasons were kept', () => {
    const { container } = render(
      <>
        <PriceReasonText reason={{ kind: 'selling' }} />
        <PriceReasonText reason={null} />
        <NextBreakText next={null} money={String} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    [
      'en',
      [
        'Sale price',
        'Contract price, list Tremblay',
        'Tremblay price',
        'From 5 ship packs, list Tremblay',
        '2 more ship packs for {p} each',
        '1 more ship pack for {p} each',
      ],
    ],
    [
      'fr',
      [
        'Prix soldé',
        'Prix contractuel, liste Tremblay',
        'Prix Tremblay',
        'À partir de 5 emballages, liste Tremblay',
        '2 emballages de plus pour {p} l’unité',
        '1 emballage de plus pour {p} l’unité',
      ],
    ],
    [
      'es',
      [
        'Precio de oferta',
        'Precio de contrato, lista Tremblay',
        'Precio Tremblay',
        'Desde 5 paquetes de envío, lista Tremblay',
        '2 paquetes de envío más por {p} cada unidad',
        '1 paquete de envío más por {p} cada unidad',
      ],
    ],
  ])('words them in %s', async (lang, expected) => {
    await act(() => i18n.changeLanguage(lang));
    const money = (dollars: number) => formatMoney(lang, 'ca')(toCents(dollars));
    render(
      <ul>
        <li>
          <PriceReasonText reason={{ kind: 'sale' }} />
        </li>
        <li>
          <PriceReasonText reason={list(1)} />
        </li>
        <li>
          <PriceReasonText reason={list(1, 'group')} />
        </li>
        <li>
          <PriceReasonText reason={list(5)} />
        </li>
        <li>
          <NextBreakText next={{ min_packs: 5, more_packs: 2, price: 0.2 }} money={money} />
        </li>
        <li>
          <NextBreakText next={{ min_packs: 5, more_packs: 1, price: 0.2 }} money={money} />
        </li>
      </ul>,
    );
    // The money in the language's one format ("CA$0.20", "0,20 $ CA").
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      expected.map((text) => text.replace('{p}', money(0.2))),
    );
  });
});
