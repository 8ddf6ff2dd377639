import { parseFence } from '../markdown/fence-line';
import { pythonExpandTabs } from '../python-expandtabs';

/**
 * The text the server looks for alert words in: the message as its Markdown preprocessors leave
 * it when `AlertWordNotificationProcessor` reads it (lower-cased by the caller): line breaks made
 * `\n`, U+0002 and U+0003 dropped, tabs expanded to 4 columns, and each fenced code or math block
 * already taken out (stored as HTML), so that words inside one alert nobody.
 */
export function alertableText(content: string, defaultCodeLanguage: string): string {
  const normalized = pythonExpandTabs(content.replace(/\r\n?/g, '\n').replaceAll('\u0002', '').replaceAll('\u0003', ''), 4);
  if (!normalized.includes('```') && !normalized.includes('~~~')) return normalized;
  const kept: string[] = [];
  let closingFence: string | undefined;
  for (const line of normalized.split('\n')) {
    if (closingFence !== undefined) {
      if (line.trimEnd() === closingFence) closingFence = undefined;
      continue;
    }
    const fence = parseFence(line, defaultCodeLanguage);
    if (fence && (fence.kind === 'code' || fence.kind === 'math')) {
      closingFence = fence.fence;
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n');
}
