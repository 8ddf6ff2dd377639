import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

async function render(content: string): Promise<string> {
  return (await realm.clientFor('iago@zulip.com').messages.render({ content })).rendered;
}

async function setRealm(params: { default_code_block_language?: string; inline_image_preview?: boolean }): Promise<void> {
  await realm.clientFor('iago@zulip.com').realm.update(params);
}

const codeBlock = (language: string | undefined, code: string) =>
  `<div class="codehilite"${language ? ` data-code-language="${language}"` : ''}><pre><span></span><code>${code}\n</code></pre></div>`;

// The server's fenced_code.py reads a fence without a language as the realm's
// default_code_block_language; its spoilers read their own fences without it.
describe("the realm's default_code_block_language", () => {
  it('is the language of a fence that names none, and only of such a fence', async () => {
    expect(await render('```\nx = 1\n```')).toBe(codeBlock(undefined, 'x = 1'));
    await setRealm({ default_code_block_language: 'python' });
    expect(await render('```\nx = 1\n```')).toBe(codeBlock('Python', 'x = 1'));
    expect(await render('~~~\nx = 1\n~~~')).toBe(codeBlock('Python', 'x = 1'));
    expect(await render('```js\nx = 1\n```')).toBe(codeBlock('JavaScript', 'x = 1'));
    expect(await render('    x = 1')).toBe(codeBlock(undefined, 'x = 1'));
  });

  it('reaches fences inside a quote, not inside a spoiler', async () => {
    await setRealm({ default_code_block_language: 'python' });
    expect(await render('````quote\n```\nx\n```\n````')).toBe(`<blockquote>\n${codeBlock('Python', 'x')}\n</blockquote>`);
    expect(await render('````spoiler Look\n```\nx\n```\n````')).toBe(
      '<div class="spoiler-block"><div class="spoiler-header">\n<p>Look</p>\n</div><div class="spoiler-content" aria-hidden="true">\n' +
        `${codeBlock(undefined, 'x')}\n</div></div>`,
    );
  });

  it('may name a special block: with quote, a bare fence quotes', async () => {
    await setRealm({ default_code_block_language: 'quote' });
    expect(await render('```\nhello\n```')).toBe('<blockquote>\n<p>hello</p>\n</blockquote>');
  });
});

describe("the realm's inline_image_preview", () => {
  it('off, an image link is only a link, as with the server', async () => {
    const link = '<p><a href="https://example.com/cat.png">https://example.com/cat.png</a></p>';
    expect(await render('https://example.com/cat.png')).toContain('message_inline_image');
    await setRealm({ inline_image_preview: false });
    expect(await render('https://example.com/cat.png')).toBe(link);
    expect(await render('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).not.toContain('youtube-video');
  });
});
