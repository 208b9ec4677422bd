/**
 * Plain text inside the content markup (docs/visualization-dsl.md, "Content markup"). A content block's
 * `content` is markup, so user- and vendor-controlled text (merchant and transaction names, account
 * names, tags, the answer's prose) is escaped wherever it is included there: a transaction named
 * `**BOLD** @currency(USD) 1000000` must show as those characters, never as bold text and a forged
 * money figure (docs/decisions/0012-plain-text-in-the-content-markup.md). Block titles, table cells and
 * chart labels are plain text already and are never escaped.
 */

/** Characters that are markup somewhere in a line; each gets a backslash before it. */
const MARKUP_CHARACTERS = /[\\*_@/#\-•]/g;

/** A numbered item's label at the start of a line ('1.', '1.2)'): its dots and parentheses too. */
const LEADING_LABEL = /^\s*[\d.)]*/;

/** Line breaks, and the two separators a regular expression's `.` does not cross either. */
const LINE_BREAK = /\r\n?|[\n\u2028\u2029]/g;

/**
 * `text` as markup that renders exactly as `text`, wherever a line of markup may hold text: alone on
 * its line, inside a sentence, a heading, a list item, a box, after a colour marker, or between `**`.
 * A line break becomes a space: an included name never starts a line of its own.
 */
export function escapeMarkup(text: string): string {
  const escaped = text.replace(LINE_BREAK, ' ').replace(MARKUP_CHARACTERS, '\\$&');
  return escaped.replace(LEADING_LABEL, (label) => label.replace(/[.)]/g, '\\$&'));
}

const BULLET_LINE = /^(\s*)- (.*\S.*)$/;

/**
 * Plain prose (the agent's answer, which the chat shows as plain text) as markup that renders the same
 * text: every line escaped, its '- ' lines kept as bullets, as the chat shows them.
 */
export function plainTextToMarkup(text: string): string {
  return text
    .split(LINE_BREAK)
    .map((line) => {
      const bullet = BULLET_LINE.exec(line);
      return bullet ? `${bullet[1]}- ${escapeMarkup(bullet[2] as string)}` : escapeMarkup(line);
    })
    .join('\n');
}
