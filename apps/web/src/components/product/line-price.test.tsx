import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, toCents, type LinePriceReason } from '@wholesale/contract';
import i18n from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { LineNextBreakText, LinePriceReasonText } from './line-price';

const LANGS = ['en', 'fr', 'es'] as const;
beforeAll(() => preloadTranslations(['common'], LANGS));
afterEach(() => i18n.changeLanguage('en'));

const list = (minPacks: number): LinePriceReason => ({
  kind: 'price_list',
  list_id: 3,
  list_name: 'Contract 2031',
  min_packs: minPacks,
});
const none = { kind: 'selling', list_id: null, list_name: null, min_packs: null } as const;

describe('a line’s price reason and next break', () => {
  it('says nothing for the catalogue price or a line ordered before reasons were kept', () => {
    const { container } = render(
      <>
        <LinePriceReasonText reason={none} />
        <LinePriceReasonText reason={null} />
        <LineNextBreakText next={null} money={String} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    [
      'en',
      'Sale price',
      'Your price: Contract 2031',
      'Your price: Contract 2031, from 5 packs',
      '2 more packs for {p} each',
      '1 more pack for {p} each',
    ],
    [
      'fr',
      'Prix soldé',
      'Votre prix : Contract 2031',
      'Votre prix : Contract 2031, dès 5 emballages',
      '2 emballages de plus pour {p} l’unité',
      '1 emballage de plus pour {p} l’unité',
    ],
    [
      'es',
      'Precio de oferta',
      'Su precio: Contract 2031',
      'Su precio: Contract 2031, desde 5 paquetes de envío',
      '2 paquetes de envío más por {p} cada unidad',
      '1 paquete de envío más por {p} cada unidad',
    ],
  ])('words it in %s', async (lang, sale, fromFirst, fromFive, twoMore, oneMore) => {
    await act(() => i18n.changeLanguage(lang));
    const money = (dollars: number) => formatMoney(lang, 'ca')(toCents(dollars));
    render(
      <ul>
        <li>
          <LinePriceReasonText reason={{ ...none, kind: 'sale' }} />
        </li>
        <li>
          <LinePriceReasonText reason={list(1)} />
        </li>
        <li>
          <LinePriceReasonText reason={list(5)} />
        </li>
        <li>
          <LineNextBreakText next={{ min_packs: 5, more_packs: 2, price: 0.2 }} money={money} />
        </li>
        <li>
          <LineNextBreakText next={{ min_packs: 5, more_packs: 1, price: 0.2 }} money={money} />
        </li>
      </ul>,
    );
    // The money in the language's one format ("CA$0.20", "0,20 $ CA").
    const price = (text: string) => text.replace('{p}', money(0.2));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      sale,
      fromFirst,
      fromFive,
      price(twoMore),
      price(oneMore),
    ]);
  });
});
