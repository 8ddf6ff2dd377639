/** Why one of the server's rendering cases differs in the mock. */
export interface MarkdownDeviation {
  readonly reason: string;
  /**
   * The difference is only the fixture's Camo: its test settings proxy external images and videos
   * through `CAMO_URI = "https://external-content.zulipcdn.net/external_content/"`, the mock has no
   * Camo and writes the URL itself, as a server with `CAMO_URI = ""` does. With this set, the test
   * also checks that the case matches once the fixture's Camo URLs are read back as the URLs they
   * proxy (and an audio player's `data-original-url`, written only beside a rewritten `src`, dropped).
   */
  readonly camo?: true;
}

const CAMO: MarkdownDeviation = {
  reason:
    'the fixture was rendered with the test settings\' Camo (external media as https://external-content.zulipcdn.net/external_content/{HMAC}/{hex URL}); the mock has no Camo key or proxy and writes the media URL itself, as a server without Camo (CAMO_URI = "") does',
  camo: true,
};

/**
 * The real server's rendering cases (`test/reference/markdown-cases.json`) that the mock still
 * renders differently: case name -> why. `test/markdown-cases.test.ts` fails when a case listed here
 * starts to match (remove it) or when a case not listed here differs.
 */
export const MARKDOWN_DEVIATIONS: Readonly<Record<string, MarkdownDeviation>> = {
  inline_image: CAMO,
  two_inline_images: CAMO,
  deduplicate_inline_previews: CAMO,
  bulleted_list_inlining: CAMO,
  only_inline_image: CAMO,
  only_named_inline_image: CAMO,
  only_inline_video: CAMO,
  only_named_inline_video: CAMO,
  spoiler_with_inline_image: CAMO,
  only_inline_audio_camo: {
    reason:
      "the fixture's <audio> player plays the file through the test settings' Camo and keeps the file's own URL in data-original-url, which the server writes only when it rewrote the URL; the mock has no Camo and writes the URL in src, as a server with CAMO_URI = \"\" does (no data-original-url then)",
    camo: true,
  },
};
