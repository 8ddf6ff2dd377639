/**
 * The real server's rendering cases (`test/reference/markdown-cases.json`) that the mock still
 * renders differently: case name -> why. `test/markdown-cases.test.ts` fails when a case listed here
 * starts to match (remove it) or when a case not listed here differs.
 */
export const MARKDOWN_DEVIATIONS: Readonly<Record<string, string>> = {};
