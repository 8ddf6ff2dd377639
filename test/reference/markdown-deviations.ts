/** Why one of the server's rendering cases differs in the mock. */
export interface MarkdownDeviation {
  readonly reason: string;
}

/**
 * The real server's rendering cases (`test/reference/markdown-cases.json`) that the mock still
 * renders differently: case name -> why. `test/markdown-cases.test.ts` fails when a case listed here
 * starts to match (remove it) or when a case not listed here differs. None is left: the last ten
 * differed only by the fixture's Camo, which the test now renders with (the server's test settings).
 */
export const MARKDOWN_DEVIATIONS: Readonly<Record<string, MarkdownDeviation>> = {};
