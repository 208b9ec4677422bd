import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPeriods } from './period-grammar.ts';

// A Thursday; its week runs Mon Nov 23 – Sun Nov 29, the weekend before is Sat Nov 21 – Sun Nov 22.
const T = '2026-11-26';
// A Saturday in the first days of a year, for year-boundary cases.
const J = '2026-01-10';

type Expected =
  | { start: string; end: string; future?: 'none' | 'partly' | 'wholly'; label?: string; text?: string }
  | { unreadable: string }
  | 'nothing';

/** [question, today, what it must read]: the single mention, the one unreadable text, or nothing. */
const CASES: Array<[string, string, Expected]> = [
  // Holidays: the latest by today (Labor Day 2026 is Monday, September 7; Memorial Day, May 25).
  ['paid since labor day', T, { start: '2026-09-07', end: T }],
  ['spent on memorial day', T, { start: '2026-05-25', end: '2026-05-25' }],
  ['spent since christmas', T, { start: '2025-12-25', end: T }],
  ['spent on thanksgiving', '2026-11-25', { start: '2025-11-27', end: '2025-11-27' }],
  // A holiday's long weekend, and the week around a day (Monday to Sunday, cut at today).
  ['spent over memorial day weekend', T, { start: '2026-05-23', end: '2026-05-25' }],
  ['labor day weekend gas', T, { start: '2026-09-05', end: '2026-09-07' }],
  ['thanksgiving weekend', '2026-11-30', { start: '2026-11-26', end: '2026-11-29' }],
  ['the week of thanksgiving', '2026-12-07', { start: '2026-11-23', end: '2026-11-29' }],
  ['thanksgiving week', '2026-12-07', { start: '2026-11-23', end: '2026-11-29' }],
  ['groceries the week of nov 10', T, { start: '2026-11-09', end: '2026-11-15' }],
  // Days named after Thanksgiving; Mother's Day, the second Sunday of May.
  ['black friday spending', '2026-12-07', { start: '2026-11-27', end: '2026-11-27' }],
  ['cyber monday', '2026-12-07', { start: '2026-11-30', end: '2026-11-30' }],
  ['spent on mothers day', T, { start: '2026-05-10', end: '2026-05-10' }],
  // A quarter's two-digit year typed bare.
  ['income q1 25 excluding dividends', T, { start: '2025-01-01', end: '2025-03-31' }],
  // A holiday of a year named after it, or a word or two later.
  ['spent on valentines day 2025', T, { start: '2025-02-14', end: '2025-02-14' }],
  ['labor day weekend last year', T, { start: '2025-08-30', end: '2025-09-01' }],
  // Seasons by their months, the latest begun (meteorological: summer is June to August).
  ['eating out since the start of summer', T, { start: '2026-06-01', end: T }],
  ['travel this summer', T, { start: '2026-06-01', end: '2026-08-31' }],
  ['heating last winter', '2026-03-10', { start: '2025-12-01', end: '2026-02-28' }],
  ['spending in the fall of 2025', T, { start: '2025-09-01', end: '2025-11-30' }],
  // A month's halves, not the year's.
  [
    'the first half of oct',
    T,
    { start: '2026-10-01', end: '2026-10-15', label: 'the first half of October 2026' },
  ],
  ['second half of september', T, { start: '2026-09-16', end: '2026-09-30' }],
  // Months, abbreviations, misspellings, with and without a year.
  [
    'how much on groceries in september?',
    T,
    { start: '2026-09-01', end: '2026-09-30', label: 'September 2026' },
  ],
  ['spent in sept 2025', T, { start: '2025-09-01', end: '2025-09-30', text: 'sept 2025' }],
  ["dining sep '25", T, { start: '2025-09-01', end: '2025-09-30' }],
  ['september of last year', T, { start: '2025-09-01', end: '2025-09-30' }],
  ['june last year', T, { start: '2025-06-01', end: '2025-06-30' }],
  ['last june', T, { start: '2026-06-01', end: '2026-06-30' }],
  ['last june', '2026-06-15', { start: '2025-06-01', end: '2025-06-30' }],
  ['this june', T, { start: '2026-06-01', end: '2026-06-30' }],
  ['next june', T, { start: '2027-06-01', end: '2027-06-30', future: 'wholly' }],
  ['in jan', T, { start: '2026-01-01', end: '2026-01-31' }],
  ['feb spending', T, { start: '2026-02-01', end: '2026-02-28' }],
  ['apr', T, { start: '2026-04-01', end: '2026-04-30' }],
  ['for jul', T, { start: '2026-07-01', end: '2026-07-31' }],
  ['aug 2024', T, { start: '2024-08-01', end: '2024-08-31' }],
  ['oct', T, { start: '2026-10-01', end: '2026-10-31', label: 'October 2026' }],
  ['nov', T, { start: '2026-11-01', end: '2026-11-26', future: 'partly', label: 'November 2026 so far' }],
  ['in december', T, { start: '2025-12-01', end: '2025-12-31', future: 'none' }],
  ['dec', T, { start: '2025-12-01', end: '2025-12-31' }],
  ['this december', T, { start: '2026-12-01', end: '2026-12-31', future: 'wholly' }],
  ['december 2026', T, { start: '2026-12-01', end: '2026-12-31', future: 'wholly' }],
  ['in december', J, { start: '2025-12-01', end: '2025-12-31' }],
  ['febuary', T, { start: '2026-02-01', end: '2026-02-28', text: 'febuary' }],
  ['in feburary', T, { start: '2026-02-01', end: '2026-02-28' }],
  ['septmber 2025', T, { start: '2025-09-01', end: '2025-09-30' }],
  ['in agust', T, { start: '2026-08-01', end: '2026-08-31' }],
  ['ocotber bills', T, { start: '2026-10-01', end: '2026-10-31' }],
  ['novmber 2025', T, { start: '2025-11-01', end: '2025-11-30' }],
  ['decmber', T, { start: '2025-12-01', end: '2025-12-31' }],
  ['janurary', T, { start: '2026-01-01', end: '2026-01-31' }],
  ['apirl 5', T, { start: '2026-04-05', end: '2026-04-05' }],
  ['in juen', T, { start: '2026-06-01', end: '2026-06-30' }],
  ['during juyl', T, { start: '2026-07-01', end: '2026-07-31' }],
  ['in may', T, { start: '2026-05-01', end: '2026-05-31' }],
  ['may 2025', T, { start: '2025-05-01', end: '2025-05-31' }],
  ['since march', T, { start: '2026-03-01', end: T, label: 'since Mar 1, 2026' }],
  ['for march', T, { start: '2026-03-01', end: '2026-03-31' }],
  ['What may I afford?', T, 'nothing'],
  ['we march on', T, 'nothing'],
  ['mars bars and sun hats on sat', T, 'nothing'],
  ['a match of my junk fees', T, 'nothing'],
  ['june', T, { start: '2026-06-01', end: '2026-06-30' }],
  ['jun', T, { start: '2026-06-01', end: '2026-06-30' }],
  // Quarters.
  ['q1', T, { start: '2026-01-01', end: '2026-03-31', label: 'Q1 2026' }],
  ['Q3 2025', T, { start: '2025-07-01', end: '2025-09-30', label: 'Q3 2025' }],
  ["q3 '25", T, { start: '2025-07-01', end: '2025-09-30' }],
  ['third quarter', T, { start: '2026-07-01', end: '2026-09-30' }],
  ['the 3rd quarter of 2024', T, { start: '2024-07-01', end: '2024-09-30' }],
  ['last quarter', T, { start: '2026-07-01', end: '2026-09-30' }],
  ['previous quarter', T, { start: '2026-07-01', end: '2026-09-30' }],
  ['this quarter', T, { start: '2026-10-01', end: T, future: 'partly', label: 'Q4 2026 so far' }],
  ['Q4', T, { start: '2026-10-01', end: T, future: 'partly' }],
  ['Q4', J, { start: '2025-10-01', end: '2025-12-31', future: 'none' }],
  ['last quarter', J, { start: '2025-10-01', end: '2025-12-31' }],
  ['q1 2027', T, { start: '2027-01-01', end: '2027-03-31', future: 'wholly' }],
  ['q5', T, { unreadable: 'q5' }],
  // Years.
  ['2025', T, { start: '2025-01-01', end: '2025-12-31', label: '2025' }],
  ['income in 2025', T, { start: '2025-01-01', end: '2025-12-31', text: '2025' }],
  ['for 2024', T, { start: '2024-01-01', end: '2024-12-31' }],
  ['this year', T, { start: '2026-01-01', end: T, future: 'partly', label: '2026 so far' }],
  ['this yr', T, { start: '2026-01-01', end: T, future: 'partly' }],
  ['last yr', T, { start: '2025-01-01', end: '2025-12-31' }],
  ['last year', T, { start: '2025-01-01', end: '2025-12-31' }],
  ['ytd', T, { start: '2026-01-01', end: T, future: 'partly' }],
  ['year to date', T, { start: '2026-01-01', end: T, future: 'partly' }],
  ['so far this year', T, { start: '2026-01-01', end: T, future: 'partly', text: 'so far this year' }],
  ['the year before last', T, { start: '2024-01-01', end: '2024-12-31' }],
  ['two years ago', T, { start: '2024-01-01', end: '2024-12-31' }],
  ['a year ago', T, { start: '2025-01-01', end: '2025-12-31' }],
  ['2027', T, { start: '2027-01-01', end: '2027-12-31', future: 'wholly' }],
  ['next year', T, { start: '2027-01-01', end: '2027-12-31', future: 'wholly' }],
  ['this year', J, { start: '2026-01-01', end: J, future: 'partly' }],
  // Halves.
  ['first half of 2026', T, { start: '2026-01-01', end: '2026-06-30', label: 'the first half of 2026' }],
  ['h1', T, { start: '2026-01-01', end: '2026-06-30' }],
  ['h2 2025', T, { start: '2025-07-01', end: '2025-12-31' }],
  ['second half of last year', T, { start: '2025-07-01', end: '2025-12-31' }],
  ['the second half', T, { start: '2026-07-01', end: T, future: 'partly' }],
  ['the second half', J, { start: '2025-07-01', end: '2025-12-31' }],
  ['first half of this year', J, { start: '2026-01-01', end: J, future: 'partly' }],
  // Ranges.
  ['June through August', T, { start: '2026-06-01', end: '2026-08-31', label: 'June – August 2026' }],
  ['june to aug', T, { start: '2026-06-01', end: '2026-08-31' }],
  ['Aug–Oct', T, { start: '2026-08-01', end: '2026-10-31' }],
  ['aug-oct 2025', T, { start: '2025-08-01', end: '2025-10-31' }],
  ['from March to May', T, { start: '2026-03-01', end: '2026-05-31', text: 'from March to May' }],
  ['between march and may', T, { start: '2026-03-01', end: '2026-05-31' }],
  ['jun thru sep', T, { start: '2026-06-01', end: '2026-09-30' }],
  ['from the 1st to the 15th', T, { start: '2026-11-01', end: '2026-11-15' }],
  ['from the 1st to the 15th', J, { start: '2025-12-01', end: '2025-12-15' }],
  ['march 3 to march 20', T, { start: '2026-03-03', end: '2026-03-20', label: 'Mar 3 – Mar 20, 2026' }],
  ['march 3 to 20', T, { start: '2026-03-03', end: '2026-03-20' }],
  ['3/1 - 3/15', T, { start: '2026-03-01', end: '2026-03-15' }],
  ['Jan 5th till Feb 10th', T, { start: '2026-01-05', end: '2026-02-10' }],
  ['Jan 5th till Feb 10th', J, { start: '2025-01-05', end: '2025-02-10' }],
  ['from 2026-01-05 to 2026-02-10', T, { start: '2026-01-05', end: '2026-02-10' }],
  ['nov to feb', T, { start: '2025-11-01', end: '2026-02-28', label: 'Nov 2025 – Feb 2026' }],
  ['nov to feb', J, { start: '2024-11-01', end: '2025-02-28' }],
  ['dec 28 to jan 3', J, { start: '2025-12-28', end: '2026-01-03' }],
  ['from sept 2025 to feb', T, { start: '2025-09-01', end: '2026-02-28' }],
  ['from 2020 to 2023', T, { start: '2020-01-01', end: '2023-12-31' }],
  ['september to december', T, { start: '2025-09-01', end: '2025-12-31' }],
  // Single days.
  ['march 3', T, { start: '2026-03-03', end: '2026-03-03', label: 'Mar 3, 2026' }],
  ['3rd of march', T, { start: '2026-03-03', end: '2026-03-03' }],
  ['the 3rd of march 2025', T, { start: '2025-03-03', end: '2025-03-03' }],
  ['3/15', T, { start: '2026-03-15', end: '2026-03-15' }],
  ['3/15', J, { start: '2025-03-15', end: '2025-03-15' }],
  ['03/15/2026', T, { start: '2026-03-15', end: '2026-03-15' }],
  ['12/31/25', T, { start: '2025-12-31', end: '2025-12-31' }],
  ['2026-03-15', T, { start: '2026-03-15', end: '2026-03-15' }],
  ['15 mar 2026', T, { start: '2026-03-15', end: '2026-03-15' }],
  ['on the 5th', T, { start: '2026-11-05', end: '2026-11-05' }],
  ['on the 28th', T, { start: '2026-10-28', end: '2026-10-28' }],
  ['the 31st', T, { start: '2026-10-31', end: '2026-10-31' }],
  ['on the 15th', J, { start: '2025-12-15', end: '2025-12-15' }],
  ['jan 1st', T, { start: '2026-01-01', end: '2026-01-01' }],
  ['feb 29', J, { start: '2024-02-29', end: '2024-02-29' }],
  ['december 25, 2026', T, { start: '2026-12-25', end: '2026-12-25', future: 'wholly' }],
  // Relative periods.
  ['today', T, { start: T, end: T, future: 'none' }],
  ['yesterday', T, { start: '2026-11-25', end: '2026-11-25' }],
  ['the day before yesterday', T, { start: '2026-11-24', end: '2026-11-24' }],
  ['this morning', T, { start: T, end: T }],
  ['tonight', T, { start: T, end: T }],
  ['tomorrow', T, { start: '2026-11-27', end: '2026-11-27', future: 'wholly' }],
  ['this week', T, { start: '2026-11-23', end: T, future: 'partly' }],
  ['last week', T, { start: '2026-11-16', end: '2026-11-22', label: 'the week of Nov 16, 2026' }],
  ['last week', J, { start: '2025-12-29', end: '2026-01-04' }],
  ['next week', T, { start: '2026-11-30', end: '2026-12-06', future: 'wholly' }],
  ['past 2 weeks', T, { start: '2026-11-13', end: T, label: 'the last 14 days' }],
  ['last two weeks', T, { start: '2026-11-13', end: T }],
  ['last 14 days', T, { start: '2026-11-13', end: T }],
  ['in the last 90 days', T, { start: '2026-08-29', end: T }],
  [
    'past 3 months',
    T,
    { start: '2026-08-01', end: '2026-10-31', label: 'the last 3 full months (Aug – Oct 2026)' },
  ],
  ['last 3 months', J, { start: '2025-10-01', end: '2025-12-31' }],
  ['avg in the last 6 full mo', T, { start: '2026-05-01', end: '2026-10-31', text: 'the last 6 full mo' }],
  ['the past 2 complete weeks', T, { start: '2026-11-09', end: '2026-11-22' }],
  ['last 2 whole years', T, { start: '2024-01-01', end: '2025-12-31' }],
  ['over the past 3 slow months', T, { unreadable: 'the past 3 slow months' }],
  ['my last 3 paychecks', T, 'nothing'],
  ['each of the last 4 weekends', T, { start: '2026-10-31', end: '2026-11-22' }],
  ['2 weekends ago', T, { start: '2026-11-14', end: '2026-11-15' }],
  ['past month', T, { start: '2026-10-01', end: '2026-10-31', label: 'October 2026' }],
  ['last month', J, { start: '2025-12-01', end: '2025-12-31' }],
  ['in the last month', T, { start: '2026-10-01', end: '2026-10-31' }],
  ['past year', T, { start: '2025-11-01', end: '2026-10-31' }],
  ['last 12 months', T, { start: '2025-11-01', end: '2026-10-31' }],
  ['this weekend', T, { start: '2026-11-28', end: '2026-11-29', future: 'wholly' }],
  ['this weekend', J, { start: J, end: J, future: 'partly' }],
  ['last weekend', T, { start: '2026-11-21', end: '2026-11-22', label: 'the weekend of Nov 21, 2026' }],
  ['last weekend', J, { start: '2026-01-03', end: '2026-01-04' }],
  ['the weekend', T, { start: '2026-11-21', end: '2026-11-22' }],
  ['over the weekend', T, { start: '2026-11-21', end: '2026-11-22' }],
  ['since the 1st', T, { start: '2026-11-01', end: T }],
  ['since jan 2025', T, { start: '2025-01-01', end: T }],
  ['since last month', T, { start: '2026-10-01', end: T }],
  ['since december', J, { start: '2025-12-01', end: J }],
  ['two months ago', T, { start: '2026-09-01', end: '2026-09-30' }],
  ['3 weeks ago', T, { start: '2026-11-02', end: '2026-11-08' }],
  ['2 weeks ago', J, { start: '2025-12-22', end: '2025-12-28' }],
  ['5 days ago', T, { start: '2026-11-21', end: '2026-11-21' }],
  ['mtd', T, { start: '2026-11-01', end: T, future: 'partly' }],
  ['month to date', T, { start: '2026-11-01', end: T, future: 'partly' }],
  ['so far this month', T, { start: '2026-11-01', end: T, future: 'partly' }],
  ['this month', J, { start: '2026-01-01', end: J, future: 'partly' }],
  ['next month', T, { start: '2026-12-01', end: '2026-12-31', future: 'wholly' }],
  ['last friday', T, { start: '2026-11-20', end: '2026-11-20' }],
  ['on monday', T, { start: '2026-11-23', end: '2026-11-23' }],
  // What it cannot read goes back to the caller.
  ['the 45th', T, { unreadable: 'the 45th' }],
  ['on 13/45', T, { unreadable: '13/45' }],
  ['septembr 40th', T, { unreadable: 'septembr 40th' }],
  ['feb 30', T, { unreadable: 'feb 30' }],
  ['february 30th 2026', T, { unreadable: 'february 30th 2026' }],
  ['juny 5', T, { unreadable: 'juny 5' }],
  ['in 1850', T, { unreadable: '1850' }],
  ['in 12026', T, { unreadable: '12026' }],
  ['since 1066-10-14', T, { unreadable: 'since 1066-10-14' }],
  ['last 99999999 months', T, { unreadable: 'last 99999999 months' }],
  ['until the next blue moon', T, { unreadable: 'next blue moon' }],
  ['next summer', T, { unreadable: 'next summer' }],
  ['last summer', T, { start: '2026-06-01', end: '2026-08-31' }],
  ['since next week', T, { unreadable: 'since next week' }],
  // Not periods at all.
  ['How much do I spend on coffee?', T, 'nothing'],
  ['I paid $2025 for rent', T, 'nothing'],
  ['my top 5 merchants', T, 'nothing'],
  ['3 times a week', T, 'nothing'],
  ['up 12% on groceries', T, 'nothing'],
  ['how much will I have in 5 years', T, 'nothing'],
  ['compound over 10 years', T, 'nothing'],
  ['a mortgage for 30 years', T, 'nothing'],
  ['how much is in the 401k', T, 'nothing'],
  ['my 3rd largest expense', T, 'nothing'],
  ['the 2nd biggest purchase', T, 'nothing'],
  ['I have 2000 in savings', T, 'nothing'],
  ['between 2000 and 2500 dollars', T, 'nothing'],
  ['half of 1/2 of my income', T, 'nothing'],
  ['open 24/7', T, 'nothing'],
  ['I am 35 years old', T, 'nothing'],
  ['AAPL and TSLA shares', T, 'nothing'],
];

describe('readPeriods reads every shape of period people write', () => {
  it.each(CASES)('%s (today %s)', (question, today, expected) => {
    const reading = readPeriods(question, today);
    if (expected === 'nothing') {
      expect(reading).toEqual({ mentions: [], unreadable: [] });
      return;
    }
    if ('unreadable' in expected) {
      expect(reading.mentions).toEqual([]);
      expect(reading.unreadable.map((u) => u.text)).toEqual([expected.unreadable]);
      return;
    }
    expect(reading.unreadable).toEqual([]);
    expect(reading.mentions).toHaveLength(1);
    const [mention] = reading.mentions;
    expect({ start: mention?.period.start, end: mention?.period.end }).toEqual({
      start: expected.start,
      end: expected.end,
    });
    expect(mention?.future).toBe(expected.future ?? (expected.end > today ? 'wholly' : 'none'));
    if (expected.label) expect(mention?.period.label).toBe(expected.label);
    if (expected.text) expect(mention?.text).toBe(expected.text);
    expect(question.slice(mention?.index, (mention?.index ?? 0) + (mention?.text.length ?? 0))).toBe(
      mention?.text,
    );
  });

  it('finds every period in a question, in order, with where each stands', () => {
    const question = 'Compare groceries in March to April, and Q3 2025 vs last year';
    const reading = readPeriods(question, T);
    expect(reading.mentions.map((m) => [m.text, m.index, m.period.start, m.period.end])).toEqual([
      ['March', 21, '2026-03-01', '2026-03-31'],
      ['April', 30, '2026-04-01', '2026-04-30'],
      ['Q3 2025', 41, '2025-07-01', '2025-09-30'],
      ['last year', 52, '2025-01-01', '2025-12-31'],
    ]);
    const mixed = readPeriods('dining in febuary and on the 45th', T);
    expect(mixed.mentions.map((m) => m.text)).toEqual(['febuary']);
    expect(mixed.unreadable).toEqual([{ text: 'the 45th', index: 25 }]);
    // A month's detached year is never reached across a date that could not be read.
    const across = readPeriods('sept 2026-02-30 2025', T);
    expect(across.mentions.map((m) => m.text)).toEqual(['sept', '2025']);
    expect(across.unreadable).toEqual([{ text: '2026-02-30', index: 5 }]);
  });

  it('labels ranges across a year end, weekends, halves and future periods as a person says them', () => {
    const label = (q: string, today = T) => readPeriods(q, today).mentions[0]?.period.label;
    expect(label('dec 28 to jan 3', J)).toBe('Dec 28, 2025 – Jan 3, 2026');
    expect(label('this year')).toBe('2026 so far');
    expect(label('october')).toBe('October 2026');
    expect(label('q3 2026')).toBe('Q3 2026');
    expect(label('this december')).toBe('December 2026');
    expect(label('2 weeks ago')).toBe('the week of Nov 9, 2026');
  });
});

const FRAGMENTS = [
  'how much',
  'did I spend',
  'on groceries',
  'in',
  'since',
  'from',
  'to',
  'between',
  'and',
  'the',
  'last',
  'this',
  'next',
  'march',
  'may',
  'febuary',
  'juny',
  'sept',
  "'25",
  '2025',
  '12026',
  '$2025',
  'q3',
  'q4',
  'h2',
  'first half of',
  'the 5th',
  'the 45th',
  '3rd',
  '31st',
  '3/15',
  '13/45',
  '2026-02-30',
  '2026-03-15',
  'feb 29',
  'week',
  'weekend',
  'month',
  'year',
  'days',
  '14',
  '99999999',
  'ago',
  'today',
  'yesterday',
  'ytd',
  '-',
  '–',
  'through',
  'till',
  '?',
  ',',
  'top 5',
  '3 times',
  '40%',
  'in 5 years',
  'the 401k',
];

describe('readPeriods on any question', () => {
  it('never throws, and its mentions are ordered, apart, well formed and honest about the future', () => {
    const day = fc
      .date({
        min: new Date('1990-01-01T00:00:00Z'),
        max: new Date('2100-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    const question = fc
      .array(fc.constantFrom(...FRAGMENTS), { maxLength: 12 })
      .map((parts) => parts.join(' '));
    fc.assert(
      fc.property(question, day, (q, today) => {
        const { mentions, unreadable } = readPeriods(q, today);
        const spans = [...mentions, ...unreadable].sort((a, b) => a.index - b.index);
        spans.forEach((m, i) => {
          expect(q.slice(m.index, m.index + m.text.length)).toBe(m.text);
          const next = spans[i + 1];
          if (next) expect(m.index + m.text.length).toBeLessThanOrEqual(next.index);
        });
        for (const { period, future } of mentions) {
          expect(period.start <= period.end).toBe(true);
          if (future === 'none') expect(period.end <= today).toBe(true);
          if (future === 'partly') expect(period.start <= today && period.end === today).toBe(true);
          if (future === 'wholly') expect(period.start > today).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
