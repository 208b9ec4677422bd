import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeMarkup, plainTextToMarkup } from './markup.ts';

/**
 * The escaping itself, character by character. That escaped text renders as exactly its text is
 * proven against the parser in apps/web (markup/escape.property.test.ts).
 */

/** Reads escaped text back the way the parser does: a backslash before a markup character drops. */
const readBack = (text: string) => text.replace(/\\([\\*_@/#\-.)•])/g, '$1');

describe('escapeMarkup', () => {
  it('puts a backslash before every markup character', () => {
    expect(escapeMarkup('**BOLD** /red REDSHOP /1 @number 999999 @currency(USD) 1000000')).toBe(
      '\\*\\*BOLD\\*\\* \\/red REDSHOP \\/1 \\@number 999999 \\@currency(USD) 1000000',
    );
    expect(escapeMarkup('# a_b - c\\d • e')).toBe('\\# a\\_b \\- c\\\\d \\• e');
  });

  it("escapes a numbered item's label at the start, and leaves other dots and parentheses alone", () => {
    expect(escapeMarkup('1. First')).toBe('1\\. First');
    expect(escapeMarkup(' 1.2) Second')).toBe(' 1\\.2\\) Second');
    expect(escapeMarkup('Shop (No. 3) $1,234.50')).toBe('Shop (No. 3) $1,234.50');
  });

  it('turns line breaks into spaces, so an included name never starts a line', () => {
    expect(escapeMarkup('a\n# b\r\nc\rd\u2028e\u2029f')).toBe('a \\# b c d e f');
  });

  it('loses nothing: unescaped, it is the text with its line breaks as spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(readBack(escapeMarkup(text))).toBe(text.replace(/\r\n?|[\n\u2028\u2029]/g, ' '));
      }),
    );
  });

  it('leaves plain words as they are', () => {
    expect(escapeMarkup('Whole Foods Market')).toBe('Whole Foods Market');
    expect(escapeMarkup('')).toBe('');
  });
});

describe('plainTextToMarkup', () => {
  it("escapes each line and keeps the answer's '- ' lines as bullets", () => {
    expect(plainTextToMarkup("Here's what I found.\n\n- **A**: $5.00.\n- @icon:wallet\n\n1. Done")).toBe(
      "Here's what I found.\n\n- \\*\\*A\\*\\*: $5.00.\n- \\@icon:wallet\n\n1\\. Done",
    );
  });

  it('a dash with nothing after it is text', () => {
    expect(plainTextToMarkup('- ')).toBe('\\- ');
  });
});
