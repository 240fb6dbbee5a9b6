import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * How every screen writes a date (docs/product/storefront-ux.md, "Dates"). Three styles, each for one
 * use, all in the reader's language as written in Canada, the distributor's country: 'en' alone
 * would be read as American ("11/30/2026"), which a Canadian reader can take for the 11th of
 * the 30th month's neighbour, so numeric dates are never written.
 */
export type DateWriters = {
  /** A moment's day in prose and on buyers' documents: "November 30, 2026", "30 novembre 2026". */
  day: (iso: string) => string;
  /**
   * A calendar day (YYYY-MM-DD: a requested ship date, an issue date) as `day` writes it. Read at
   * noon UTC and written in UTC, so no time zone moves it to the day before.
   */
  calendarDay: (isoDay: string) => string;
  /** A day in a table's cell, shorter: "Nov 30, 2026", "30 nov. 2026". */
  tableDay: (iso: string) => string;
  /** A calendar day in a table's cell, as `tableDay` writes a moment's day. */
  tableCalendarDay: (isoDay: string) => string;
  /** When something happened, to the minute (staff records): "Nov 30, 2026, 6:35 a.m.". */
  moment: (iso: string) => string;
};

/** What cannot be read as a date is shown as it came rather than as "Invalid Date". */
function writer(format: Intl.DateTimeFormat, toDate: (text: string) => Date) {
  return (text: string) => {
    const date = toDate(text);
    return Number.isNaN(date.getTime()) ? text : format.format(date);
  };
}

export function dateWriters(language: string): DateWriters {
  const locale = `${language.slice(0, 2)}-CA`;
  const long = { year: 'numeric', month: 'long', day: 'numeric' } as const;
  const asMoment = (iso: string) => new Date(iso);
  const atNoonUtc = (isoDay: string) => new Date(`${isoDay}T12:00:00Z`);
  return {
    day: writer(new Intl.DateTimeFormat(locale, long), asMoment),
    calendarDay: writer(new Intl.DateTimeFormat(locale, { ...long, timeZone: 'UTC' }), atNoonUtc),
    tableDay: writer(new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), asMoment),
    tableCalendarDay: writer(
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
      atNoonUtc,
    ),
    moment: writer(
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      asMoment,
    ),
  };
}

/** The date writers of the reader's language. */
export function useDates(): DateWriters {
  const { i18n } = useTranslation();
  return useMemo(() => dateWriters(i18n.language), [i18n.language]);
}
