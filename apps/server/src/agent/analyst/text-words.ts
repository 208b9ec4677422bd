/** Words a question asks to find in transaction descriptions, not a category or merchant. */

/** Words to find in descriptions: a quoted phrase, or 'with coffee in the name'. */
export function quotedText(question: string): string | undefined {
  const quoted = question.match(/["'\u201c\u2018]([^"'\u201d\u2019]{2,40})["'\u201d\u2019]/)?.[1];
  if (quoted && !/^(s|t|ll|ve|re|d|m)\b/.test(quoted)) return quoted.trim();
  const named = question
    .toLowerCase()
    .match(
      /\b(?:with|containing|mentioning|that says?|called|labell?ed|named)\s+([a-z0-9&.-]{2,30})\s+(?:in (?:the|its) (?:name|description|memo)|in it)\b/,
    );
  return named?.[1];
}

/**
 * 'how much did tailwind labs pay me', 'income from globex in 2025': a payer named only in the
 * descriptions of the money in, searched for as words there.
 */
export function payerNamed(q: string): string | undefined {
  const payer =
    q.match(/\b(?:did|does|has|have)\s+([a-z][a-z0-9&.' -]{1,40}?)\s+(?:pay|paid)\s+me\b/)?.[1] ??
    q.match(
      /\b(?:income|paid|pay|money|deposits?|paychecks?)\s+from\s+([a-z][a-z0-9&.' -]{1,40}?)(?=\s+(?:in|this|last|since|during|for|over|so|ytd)\b|\s*[?.!,]|$)/,
    )?.[1];
  // 'when did contoso last pay me': the adverb is not part of the name.
  const name = payer?.replace(
    /(\s+(last|ever|first|recently|usually|actually|just|even|always|still|already))+$/,
    '',
  );
  if (
    !name ||
    // Not a payer: a period ('every paycheck from nov'), an account, or a kind of income ('income from
    // dividends').
    /^(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|^(last|this|the last|the past|past) /.test(
      name,
    ) ||
    /^(my|the|work|job|they|them|he|she|it|you|we|i|employer|my job|my employer|savings|checking|brokerage|account|bank|card|ira|roth|investments?|stocks?|funds?|dividends?|interest|wages|salary|paychecks?|refunds?|side \w+)\b/.test(
      name,
    )
  )
    return undefined;
  return name.trim();
}
