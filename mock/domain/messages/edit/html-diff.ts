const TOKEN = /<[^>]*>|[^<\s]+|\s+/g;

// Above this many token pairs the diff marks everything as replaced instead of aligning.
const MAX_ALIGNED_PAIRS = 1_000_000;

type Operation = { readonly kind: 'same' | 'inserted' | 'deleted'; readonly token: string };

function isTag(token: string): boolean {
  return token.startsWith('<');
}

function align(before: readonly string[], after: readonly string[]): Operation[] {
  if (before.length * after.length > MAX_ALIGNED_PAIRS) {
    return [...before.map((token) => ({ kind: 'deleted' as const, token })), ...after.map((token) => ({ kind: 'inserted' as const, token }))];
  }
  // Longest common subsequence, filled from the end so the walk below goes forward.
  const width = after.length + 1;
  const lengths = new Uint32Array((before.length + 1) * width);
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        before[i] === after[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  const operations: Operation[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && before[i] === after[j]) {
      operations.push({ kind: 'same', token: after[j++] ?? '' });
      i++;
    } else if (i < before.length && (j === after.length || (lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0))) {
      operations.push({ kind: 'deleted', token: before[i++] ?? '' });
    } else {
      operations.push({ kind: 'inserted', token: after[j++] ?? '' });
    }
  }
  return operations;
}

/**
 * An HTML diff between two renderings, in the classes the real server's diff uses: text only in
 * the new version is wrapped in `highlight_text_inserted`, text only in the old one in
 * `highlight_text_deleted`; the new version's tags are kept. (The server's own algorithm groups
 * changes differently; clients only style these spans.)
 */
export function htmlDiff(before: string, after: string): string {
  const operations = align(before.match(TOKEN) ?? [], after.match(TOKEN) ?? []);
  let html = '';
  let open: 'inserted' | 'deleted' | undefined;
  const close = () => {
    if (open) html += '</span>';
    open = undefined;
  };
  for (const { kind, token } of operations) {
    if (isTag(token)) {
      if (kind === 'deleted') continue;
      close();
      html += token;
      continue;
    }
    if (kind === 'same') {
      close();
      html += token;
      continue;
    }
    if (open !== kind) {
      close();
      html += `<span class="highlight_text_${kind}">`;
      open = kind;
    }
    html += token;
  }
  close();
  return `<div>${html}</div>`;
}
