/**
 * How deep blocks nest in the mock's renderer (markdown-it's `maxNesting`, default 100, and the
 * list preprocessor's own depth): a quote or a spoiler counts one level, a list level two (the
 * list and its item). What is nested deeper is left out (markdown-it) or read as a paragraph (the
 * list preprocessor). The server's Python-Markdown stops near Python's recursion limit: quotes
 * about 300 deep, lists fail to render from about 250 levels. Much deeper, the mock's recursive
 * block parsers would overflow the stack (from about 2,000 levels in Node's main thread).
 */
export const MAX_NESTING = 500;
