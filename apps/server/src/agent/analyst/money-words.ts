/** Words that say money came in: the income intent (intents.ts) and the income measure (shape.ts) share them. */
export const MONEY_IN_WORDS =
  '\\bincome\\b|\\bearn(s|ed|ing|ings)?\\b|\\bbr(ing|ings|inging|ought) in\\b|\\b(take|took) home\\b|\\bsalary\\b|\\bpaychecks?\\b|\\bmy (take[- ]home )?pay\\b|\\bwages\\b|\\bdeposits?\\b|\\bcame in\\b|\\b(coming|comes|come) in\\b|\\bmoney in\\b|\\b(get|gets|got|getting|gotten|been|be|being|was|were) paid\\b';

/** Money moved into savings ('how much did I put in savings this year'): transfers in, not income. */
export const MOVED_INTO_SAVINGS =
  /\b(put|putting|deposit\w*|moved?|moving|transferr?\w*|added|adding|sock\w*|stash\w*|goes|go|went|going|ends? up|ended up)( \w+){0,3} (in|into|to) (my |the )?(savings|high[- ]yield)\b/;
