/**
 * The answer's plain text as blocks the chat can lay out: its first figure as a lead (the one number
 * that answers the question, shown large), paragraphs, '- ' lines as a bulleted list, '- 1. ' or '1. '
 * lines as a numbered list (a list's heading, ending with ':', as a paragraph), and the closing
 * 'Based on ...' as a note. The words are never changed: the lead is the first sentence cut around its
 * first amount. Only a colon right after that amount goes: the large figure stands on its own line, which
 * already sets off what follows, and a figure reading '$1,234.56:' looks unfinished.
 */

export type AnswerBlock =
  | { kind: 'lead'; before: string; figure: string; after: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'numbered'; items: string[]; start: number }
  | { kind: 'note'; text: string };

/** A dollar amount as the agent writes it: '$484.63', '-$1,751.04', '+$2,121.17'. */
const AMOUNT = /[-+]?\$\d[\d,]*(?:\.\d+)?/;
const NUMBERED = /^(\d+)\.\s+/;

type Line = { text: string; bullet: boolean };

function lineOf(paragraph: string): Line {
  return paragraph.startsWith('- ')
    ? { text: paragraph.slice(2), bullet: true }
    : { text: paragraph, bullet: false };
}

/** The first paragraph as a lead when it states an amount (a list's heading, ending with ':', does not). */
function leadOf(line: Line): AnswerBlock | null {
  if (line.text.trimEnd().endsWith(':') || line.text.includes('\n')) return null;
  const match = AMOUNT.exec(line.text);
  if (!match) return null;
  let figure = match[0];
  let after = line.text.slice(match.index + figure.length).trimStart();
  // Punctuation right after the figure stays with it ('Rent was $1,800.'), except a colon, which the
  // figure's own line replaces ('is $103,066.23: $104,817.27 in assets' leads with '$103,066.23').
  const punctuation = /^[.,;:!?]+/.exec(after)?.[0] ?? '';
  figure += punctuation.replace(/:+$/, '');
  after = after.slice(punctuation.length).trimStart();
  return { kind: 'lead', before: line.text.slice(0, match.index).trimEnd(), figure, after };
}

function push(blocks: AnswerBlock[], line: Line): void {
  const last = blocks.at(-1);
  const numbered = NUMBERED.exec(line.text);
  if (numbered) {
    const item = line.text.slice(numbered[0].length);
    if (last?.kind === 'numbered') last.items.push(item);
    else blocks.push({ kind: 'numbered', items: [item], start: Number(numbered[1]) });
  } else if (line.bullet && !line.text.trimEnd().endsWith(':')) {
    if (last?.kind === 'bullets') last.items.push(line.text);
    else blocks.push({ kind: 'bullets', items: [line.text] });
  } else if (line.text.startsWith('Based on ')) {
    blocks.push({ kind: 'note', text: line.text });
  } else {
    blocks.push({ kind: 'paragraph', text: line.text });
  }
}

export function answerBlocks(text: string): AnswerBlock[] {
  const lines = text
    .trim()
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map(lineOf);
  const blocks: AnswerBlock[] = [];
  const first = lines[0];
  const lead = first ? leadOf(first) : null;
  if (lead) blocks.push(lead);
  for (const line of lead ? lines.slice(1) : lines) push(blocks, line);
  return blocks;
}
